import { startRouter } from 'site:router';
import { startup } from 'site:startup';
import { takeEarlyEvents } from './early.ts';
import { enhanceImages } from './images.ts';
import { answerHydrateRequests, keepIslands, scheduleIslands, updateKeptIslands } from './islands.ts';

// The client entry: small, and free of React. Islands' code (React or preact/compat, and the
// components) is a chunk of its own, fetched once an island comes due (see islands.ts). The
// page's inline bootstrap fetches this entry once the page has loaded (render/client-bootstrap.ts)
// and has already set `data-js`. The router is in it only when the site navigates in place.

// Startup modules and islands fail alone: an error is logged and the rest of the page keeps working.
const report = (error: unknown) => console.error(error);

// Taken before any startup module runs: what these add to the head is theirs, and stays through client navigations.
const pageHead = [...document.head.children];
answerHydrateRequests();
for (const module of startup) await module.load().catch(report);
enhanceImages(document);
startRouter?.({
  pageHead,
  keep: keepIslands,
  afterSwap(body) {
    enhanceImages(body);
    // Scheduling first: it forgets the islands that left with the old page.
    scheduleIslands(body).catch(report);
    updateKeptIslands();
  },
});
await scheduleIslands(document, takeEarlyEvents()).catch(report);
// Marks the page interactive, for tests and for styles that wait on it: startup modules have run,
// every island is armed for its strategy, and those due at once are hydrated.
document.documentElement.dataset.ready = '';
