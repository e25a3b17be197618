import { EARLY_INTERACTIONS_GLOBAL } from './events.ts';

interface EarlyInteractions {
  events: Event[];
  stop(): void;
}

/**
 * Takes over from the page's bootstrap: stops its listeners and returns the pointer, touch,
 * focus and key events it kept before this entry arrived, in order. Call it in the same task that
 * arms the islands' own listeners, so no event falls between the two.
 */
export function takeEarlyEvents(): Event[] {
  const scope = globalThis as { [EARLY_INTERACTIONS_GLOBAL]?: EarlyInteractions };
  const early = scope[EARLY_INTERACTIONS_GLOBAL];
  if (!early) return [];
  early.stop();
  delete scope[EARLY_INTERACTIONS_GLOBAL];
  return early.events;
}
