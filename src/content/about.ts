// SAMPLE COPY: replace with your own story and photo; the founder's name is site.config.ts's.
// (The banner that ends /about-me is in about-cta.ts: those words load with the page's script,
// these only with its story.)
import { site } from '../../site.config';
import portraitSmall from './images/founder-portrait-320.webp';

const { founder } = site;

export const about = {
  intro: {
    eyebrow: 'About me',
    heading: `Hi, I'm ${founder.firstName}. I build the phone staff you can't hire fast enough.`,
    body: 'I spent eight years running dispatch for a roofing and solar company. I watched good leads go cold because nobody could pick up at 7 pm on a Saturday. Now I build AI voice agents that make sure that never happens to you.',
    image: {
      // The address search engines are given (structured data); the page itself shows the
      // 640 px photo inline (about-portrait.ts).
      src: portraitSmall,
      alt: `Portrait of ${founder.name}`,
      width: 320,
      height: 320,
    },
  },
  personal: {
    heading: 'Why I do this',
    paragraphs: [
      'Contractors and service owners are great at the work and short on hours. The phone is where most of their revenue starts, and where most of it leaks.',
      'I keep my client list small on purpose. You work with me directly, from the first call map to the day your agent goes live, and I stay on to tune it as your business changes.',
      "Outside of work I coach my daughter's soccer team and restore old motorcycles, slowly.",
    ],
  },
} as const;
