import { EARLY_INTERACTIONS_GLOBAL, INTENT_EVENTS } from '../client/events.ts';

/** The attribute of the bootstrap's tag that names the client entry. */
export const ENTRY_ATTRIBUTE = 'data-entry';

/**
 * The inline module every page carries in place of a `<script src>` for the client entry. It
 * fetches the entry (its URL in the tag's `data-entry`) once the page has loaded and painted, so
 * the entry never takes bandwidth from the page's own images and styles, nor main-thread time
 * from its first paint. Until then it keeps the visitor's first reaches (pointer, touch, focus,
 * keys) for the entry to hand to the islands (see `takeEarlyEvents` in client/early.ts), and the
 * first of them fetches the entry at once. An inline module runs after parsing, as the external
 * one did, and never holds it up. Its text is the same on every page and every build: the
 * Content-Security-Policy allows it by one hash. Written small by hand: every page's first round
 * trip carries it.
 */
export const CLIENT_BOOTSTRAP = [
  // For styles that depend on JavaScript: set before the first paint that follows parsing.
  'document.documentElement.dataset.js="";',
  // The priority image's Element Timing, asked for here rather than in the HTML, which the Nu Html
  // Checker holds to the HTML standard (no elementtiming there): the module runs when parsing ends,
  // as a rule before the image has painted, and an image painted already is told by its largest paint.
  'document.querySelector("img[fetchpriority=high]")?.setAttribute("elementtiming","");',
  `let started,events=[],types=${JSON.stringify(INTENT_EVENTS)},`,
  `start=()=>started=started||import(document.querySelector("script[${ENTRY_ATTRIBUTE}]").dataset.${ENTRY_ATTRIBUTE.slice('data-'.length)}),`,
  'keep=e=>{events.push(e);start()},',
  // Just after the next paint; a page in a background tab paints no frame, and a frame may never
  // come (a hidden frame, a throttled page): a timer goes on regardless. A page with a priority
  // image (fetchpriority=high: its largest paint, as its template says) waits for the browser to
  // report that image painted, as the largest paint or by Element Timing (the attribute set
  // above): the load event comes before it, and the frame after the load event may still precede
  // its paint on a busy device, so an entry fetched then competed with the page's largest paint (docs/performance-history.md, "The favicon and the client entry").
  // The timer then allows a second, for a priority image painted before the attribute was set that is
  // not the largest paint, and for a browser that reports neither (observe() ignores a type it does not know).
  'later=()=>{let i=document.querySelector("img[fetchpriority=high]"),go=()=>requestAnimationFrame(()=>setTimeout(start));',
  'i?["element","largest-contentful-paint"].map(type=>new PerformanceObserver(l=>l.getEntries().some(e=>e.element==i)&&go()).observe({type,buffered:!0})):go();',
  'setTimeout(start,document.hidden?0:i?1e3:100)};',
  'for(const t of types)addEventListener(t,keep,{capture:!0,passive:!0});',
  `globalThis.${EARLY_INTERACTIONS_GLOBAL}={events,stop(){for(const t of types)removeEventListener(t,keep,!0)}};`,
  'document.readyState=="complete"?later():addEventListener("load",later,{once:!0})',
].join('');
