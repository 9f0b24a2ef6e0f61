// SAMPLE COPY: replace with your own services.

export interface Service {
  title: string;
  description: string;
  points: string[];
}

export const servicesSection = {
  heading: 'What I Build',
  intro: 'Three pieces that work together, set up around how your business already runs.',
} as const;

export const services: Service[] = [
  {
    title: 'AI Voice Agent',
    description:
      'A natural-sounding agent that answers every call in one ring, qualifies the caller and books the appointment.',
    points: [
      'Answers 24/7, holidays included',
      'Knows your service area and pricing',
      'Hands off to you live when it matters',
    ],
  },
  {
    title: 'Smart Follow-Up Engine',
    description:
      'Texts and calls back every new lead within a minute, then keeps following up until they book or say no.',
    points: [
      'Replies in under 60 seconds',
      'Follows up on quotes that went quiet',
      'Stops the moment a lead books',
    ],
  },
  {
    title: 'Ops Layer and CRM Routing',
    description:
      'Every call summary, recording and booking lands in your CRM, tagged and assigned to the right person.',
    points: [
      'Works with the CRM you already use',
      'Clean notes, no data entry',
      'Routes by job type and territory',
    ],
  },
];
