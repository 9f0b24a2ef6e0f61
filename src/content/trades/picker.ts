// SAMPLE COPY: the trade links on / ("Built for your trade"), under the services. The links
// themselves follow from the entries in ./index.ts. (Its own file, so these words travel with
// the section that shows them, not in every page's first load.)

/** The trade links on /: pick the page for your trade. */
export const tradePicker = {
  heading: 'Built for your trade',
  intro: 'See the agent, the numbers and a call for the work you do.',
} as const;
