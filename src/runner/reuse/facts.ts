import { digest } from '../../core/digest.ts';
import type { Catalogue, CollectionQuery } from '../../content/catalogue.ts';
import type { Entry } from '../../content/entry.ts';
import { Ref } from '../../content/schema-helpers.ts';
import type { SiteContext } from '../../site/context.ts';
import type { ImageManifest } from '../../images/manifest.ts';

/*
 * A fact is one thing a page read while rendering, named by a string key; its fingerprint is a
 * short hash of the value it had. A page needs rendering again only when its own route changed
 * or a fact it read has a different fingerprint now. Keys:
 *   q:<query>            a collection's answer (which entries, in which order)
 *   e:<url>#<field>      one field of an entry (`data.title`, `body`, `hidden`, …; `data`: all of it)
 *   p:<url>              what `byPath` finds at a URL
 *   r:<collection>/<slug> what a reference resolves to
 *   all, index           the whole list of entries, the content index
 *   og:<url>             a page's social image
 *   d:<key>              a derived value: changed when anything its computation read changed
 *   t:<translation key>  which entries share a translation key (a page's translations)
 *   i:<url>              the image the manifest holds at a URL (its variants, its size)
 *   images               the whole image manifest (a page listed its URLs)
 */

export const collectionFact = (name: string, query: CollectionQuery = {}) =>
  `q:${JSON.stringify([
    name,
    query.includeHidden === true,
    query.includeListPages === true,
    query.order ?? 'sort',
    // A single-locale site's facts stay as they were; a locale's list is a fact of its own.
    ...(query.locale !== undefined && query.locale !== '*' ? [query.locale] : []),
  ])}`;
export const translationsFact = (key: string) => `t:${key}`;
export const entryFact = (url: string, field: string) => `e:${url}#${field}`;
export const pathFact = (url: string) => `p:${url}`;
export const refFact = (collection: string, slug: string) => `r:${collection}/${slug}`;
export const allEntriesFact = () => 'all';
export const indexFact = () => 'index';
export const ogFact = (url: string) => `og:${url}`;
export const derivedFact = (key: string) => `d:${key}`;
export const imageFact = (url: string) => `i:${url}`;
export const allImagesFact = () => 'images';

const MISSING = '-';
const IMAGE_FACT = /^(og:|i:|images$)/;
const urls = (entries: readonly Entry[]) => digest(entries.map((entry) => entry.url).join('\n'));

/** The URL an entry-keyed fact is about, or undefined for facts about many entries. */
export function factUrl(fact: string): string | undefined {
  if (fact.startsWith('e:')) return fact.slice(2, fact.lastIndexOf('#'));
  if (fact.startsWith('p:')) return fact.slice(2);
  return undefined;
}

/** The fingerprint a fact has in this catalogue (a derived fact has none: it is judged by what it read, see `changedFacts`). */
export function fingerprint(fact: string, catalogue: Catalogue, site: SiteContext, images: ImageManifest = {}): string {
  const colon = fact.indexOf(':');
  const kind = colon < 0 ? fact : fact.slice(0, colon);
  const rest = fact.slice(colon + 1);
  switch (kind) {
    case 'q': {
      const [name, includeHidden, includeListPages, order, locale] = JSON.parse(rest) as [
        string,
        boolean,
        boolean,
        'sort' | 'newest',
        string | undefined,
      ];
      return urls(catalogue.collection(name, { includeHidden, includeListPages, order, ...(locale !== undefined && { locale }) }));
    }
    case 't': {
      return urls(catalogue.translations({ translationKey: rest }));
    }
    case 'e': {
      const hashAt = rest.lastIndexOf('#');
      const entry = catalogue.byPath(rest.slice(0, hashAt));
      if (!entry) return MISSING;
      const field = rest.slice(hashAt + 1);
      const value: unknown =
        field === 'data'
          ? entry.data
          : field.startsWith('data.')
            ? (entry.data as unknown as Record<string, unknown>)[field.slice(5)]
            : (entry as unknown as Record<string, unknown>)[field];
      return value === undefined ? MISSING : digest(typeof value === 'string' ? `s${value}` : `j${JSON.stringify(value)}`);
    }
    case 'p':
      return catalogue.byPath(rest)?.url ?? MISSING;
    case 'r': {
      const slash = rest.indexOf('/');
      return catalogue.resolve(new Ref(rest.slice(0, slash), rest.slice(slash + 1)))?.url ?? MISSING;
    }
    case 'all':
      return urls(catalogue.entries);
    case 'index':
      return digest(JSON.stringify(catalogue.index()));
    case 'd':
      // Judged by what it read, not by a value of its own.
      return '';
    case 'og': {
      const image = site.ogImage(rest);
      return image ? digest(JSON.stringify(image)) : MISSING;
    }
    case 'i':
      return Object.hasOwn(images, rest) ? digest(JSON.stringify(images[rest])) : MISSING;
    case 'images':
      return digest(JSON.stringify(images));
    default:
      throw new Error(`Unknown kind of build fact: ${fact}`);
  }
}

/**
 * The facts whose value differs between the last build (`before`: fact → fingerprint) and this
 * catalogue. Only facts that could have changed are computed again: those about entries in
 * `touched` (URLs whose source changed, appeared or vanished), every collection-wide fact when
 * anything was touched, and every social image and image. A derived fact changed when any fact it read did.
 */
export function changedFacts(
  before: ReadonlyMap<string, string>,
  derived: ReadonlyMap<string, readonly string[]>,
  touched: ReadonlySet<string>,
  catalogue: Catalogue,
  site: SiteContext,
  images?: ImageManifest,
): Set<string> {
  const changed = new Set<string>();
  for (const [fact, old] of before) {
    if (fact.startsWith('d:')) continue;
    const url = factUrl(fact);
    // Social images and images change with no entry touched (an image encoded since, say).
    const mayDiffer = url !== undefined ? touched.has(url) : IMAGE_FACT.test(fact) || touched.size > 0;
    if (mayDiffer && fingerprint(fact, catalogue, site, images) !== old) changed.add(fact);
  }
  // A derived value may read another; settle them in as many rounds as it takes.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [key, inputs] of derived) {
      const fact = derivedFact(key);
      if (!changed.has(fact) && inputs.some((input) => changed.has(input))) {
        changed.add(fact);
        grew = true;
      }
    }
  }
  return changed;
}
