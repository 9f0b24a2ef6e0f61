// SAMPLE COPY: these are sample testimonials, not real customers. Replace them (and the images)
// with quotes you have permission to use.
import derek from './images/testimonial-derek.webp';
import maria from './images/testimonial-maria.webp';
import priya from './images/testimonial-priya.webp';

export interface Testimonial {
  name: string;
  role: string;
  /** A square portrait, 192 px a side. */
  portrait: string;
  quote: string;
  metric: { value: string; label: string };
}

export const testimonialsSection = {
  heading: 'Results From the Field',
  intro: 'What owners saw in the first months after the agent started picking up.',
} as const;

export const testimonials: Testimonial[] = [
  {
    name: 'Maria Delgado',
    role: 'Owner, SunPeak Solar',
    portrait: maria,
    quote:
      'We used to lose weekend leads to whoever called back first. Now every one gets a call in under a minute and the site visit is on my calendar by Monday.',
    metric: { value: '+38%', label: 'booked site visits' },
  },
  {
    name: 'Derek Olsen',
    role: 'Broker, Olsen Realty Group',
    portrait: derek,
    quote:
      'The agent qualifies buyers before they ever reach my team. My agents spend their day on showings, not phone tag.',
    metric: { value: '11 hrs', label: 'saved per agent each week' },
  },
  {
    name: 'Priya Nair',
    role: 'Operations lead, Apex Home Services',
    portrait: priya,
    quote:
      'After-hours emergency calls used to go to voicemail. Now they are booked, dispatched and in our CRM before the tech wakes up.',
    metric: { value: '0', label: 'missed after-hours calls' },
  },
];
