import type { Catalogue } from '../../content/catalogue.ts';
import type { Route } from '../../routes/routes.ts';
import type { SiteContext } from '../../site/context.ts';
import type { ImageManifest } from '../../images/manifest.ts';
import { digest } from '../../core/digest.ts';
import { changedFacts, fingerprint } from './facts.ts';
import type { BuildState, KnownFile, KnownPage } from './state.ts';

/** Which pages a build must render, and which it may take from the last build's output. */
export interface PageChanges {
  /** Indexes into the routes of pages to render. */
  render: number[];
  /** Pages whose route and whose facts are as the last build found them: carried over if their file in the output is still the one it wrote. */
  carry: Array<{ index: number; file: KnownFile; page: KnownPage }>;
  /** Facts whose value differs from the last build's (see `facts.ts`). */
  changedFacts: ReadonlySet<string>;
  /** Each route's hash: its URL, output path, template and own entry. */
  routeHashes: string[];
}

/**
 * Compares this build's routes with what the last build rendered: a page needs rendering when it
 * is new, its own route or entry changed, or a fact it read about other pages changed. Pure: the
 * caller checks that a carried page's file is still in the output.
 */
export function pageChanges(
  routes: readonly Route[],
  entryHashes: ReadonlyMap<string, string>,
  previous: BuildState | undefined,
  catalogue: Catalogue,
  site: SiteContext,
  images?: ImageManifest,
): PageChanges {
  const routeHashes = routes.map((route) =>
    digest(JSON.stringify([route.url, route.outPath, route.template, route.noindex, entryHashes.get(route.entry.url) ?? ''])),
  );
  if (!previous) return { render: routes.map((_, index) => index), carry: [], changedFacts: new Set(), routeHashes };
  const touched = new Set<string>();
  for (const [url, hash] of entryHashes) if (previous.entryHashes.get(url) !== hash) touched.add(url);
  for (const url of previous.entryHashes.keys()) if (!entryHashes.has(url)) touched.add(url);
  const changed = changedFacts(previous.facts, previous.derived, touched, catalogue, site, images);
  const render: number[] = [];
  const carry: PageChanges['carry'] = [];
  routes.forEach((route, index) => {
    const page = previous.pages.get(route.outPath);
    const file = previous.files.get(route.outPath);
    if (page && file && page.route === routeHashes[index] && !page.deps.some((fact) => changed.has(fact)))
      carry.push({ index, file, page });
    else render.push(index);
  });
  return { render, carry, changedFacts: changed, routeHashes };
}

/**
 * What the next build needs to judge these pages: the fingerprint of every fact they read (kept
 * from the last build when it has not changed), and what each derived value they use read
 * (this build's, or the last one's for a value no page computed this time).
 */
export function factState(
  pages: ReadonlyMap<string, KnownPage>,
  derived: ReadonlyMap<string, readonly string[]>,
  previous: BuildState | undefined,
  changed: ReadonlySet<string>,
  catalogue: Catalogue,
  site: SiteContext,
  images?: ImageManifest,
): { facts: Map<string, string>; derived: Map<string, string[]> } {
  const used = new Set<string>();
  for (const page of pages.values()) for (const fact of page.deps) if (fact.startsWith('d:')) used.add(fact.slice(2));
  const kept = new Map<string, string[]>();
  for (const key of used) {
    const reads = derived.get(key) ?? previous?.derived.get(key);
    if (reads) kept.set(key, [...reads]);
  }
  const facts = new Map<string, string>();
  const note = (fact: string) => {
    if (facts.has(fact)) return;
    const old = previous?.facts.get(fact);
    facts.set(fact, old !== undefined && !changed.has(fact) ? old : fingerprint(fact, catalogue, site, images));
  };
  for (const page of pages.values()) page.deps.forEach(note);
  for (const reads of kept.values()) reads.forEach(note);
  return { facts, derived: kept };
}
