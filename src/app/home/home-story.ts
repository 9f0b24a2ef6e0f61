import { defineIsland } from '@/components/served-html';

/** Loaded only for a visitor who arrives from another page. */
export const homeStory = defineIsland('home-story', () =>
  import('./home-story-sections').then((m) => m.HomeStorySections),
);
