import { startup } from 'site:startup';
import { enhanceImages } from './images.ts';
import { hydrateIslands } from './islands.ts';
import { startNavigation } from './navigate.ts';

// Startup modules and islands fail alone: an error is logged and the rest of the page keeps working.
const report = (error: unknown) => console.error(error);

document.documentElement.dataset.js = '';
for (const module of startup) await module.load().catch(report);
enhanceImages(document);
startNavigation({
  afterSwap(main) {
    enhanceImages(main);
    hydrateIslands(main).catch(report);
  },
});
await hydrateIslands(document).catch(report);
// Marks the page interactive, for tests and for styles that wait on hydration.
document.documentElement.dataset.ready = '';
