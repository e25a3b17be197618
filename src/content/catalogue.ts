import { z } from 'zod';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { derivedKeys } from './derived-key.ts';
import { compareEntries, compareNewestFirst } from './ordering.ts';
import { Ref } from './schema-helpers.ts';
import type { BaseData, Entry } from './entry.ts';
import { normalizeUrlPath } from '../core/urls.ts';
import { diagnose, phrase } from '../diagnostics/catalogue/index.ts';

/** One row of the content index: what menus and listings need to know of a page. */
export const contentIndexItemSchema = z.object({
  path: z.string().startsWith('/'),
  componentPath: z.string(),
  title: z.string(),
  hidden: z.boolean(),
  sort: z.number().optional(),
  /** Its publication date (see `EntryDates`). */
  published: z.string().optional(),
});
export type ContentIndexItem = z.infer<typeof contentIndexItemSchema>;

export interface CollectionQuery {
  /** Include hidden entries (default false). */
  includeHidden?: boolean;
  /** Include `_name.md` list pages (default false). */
  includeListPages?: boolean;
  /** `sort` (the one ordering, default) or `newest` (the date its collection names `published`, newest first). */
  order?: 'sort' | 'newest';
  /**
   * The code of the locale whose entries to list (see docs/multilingual.md). A page's catalogue
   * lists its own locale's unless asked for another; `'*'` lists every locale's. The build's own
   * catalogue (the one `routes()` and feeds see) lists every locale's unless asked.
   */
  locale?: string;
}

/** All entries, ordered, with lookups. */
export interface Catalogue {
  readonly entries: readonly Entry[];
  /** The entry published at a URL path, if any. */
  byPath<T extends BaseData = BaseData>(urlPath: string): Entry<T> | undefined;
  /** The visible entries of a collection, in the one ordering unless asked otherwise. */
  collection<T extends BaseData = BaseData>(name: string, query?: CollectionQuery): readonly Entry<T>[];
  /** The entry a reference points at. */
  resolve<T extends BaseData = BaseData>(ref: Ref): Entry<T> | undefined;
  /** The content index: one item per page entry. */
  index(): ContentIndexItem[];
  /** The entries sharing an entry's translation key (itself among them), one per locale, in the one ordering (see docs/multilingual.md). */
  translations<T extends BaseData = BaseData>(entry: Pick<Entry, 'translationKey'>): readonly Entry<T>[];
  /**
   * A value computed from the catalogue once per build and shared by every page that asks for it
   * (an index by tag, the menus). `compute` is a function declared at the top level of a module,
   * computing from the catalogue alone; the function itself names the value. Incremental builds
   * make each page that uses it depend on everything `compute` read; a value memoized by a
   * template itself would leave pages stale.
   */
  derive<T>(compute: (catalogue: Catalogue) => T): T;
}

/** Builds the catalogue from entries whose URLs are known to be unique. */
export function createCatalogue(entries: readonly Entry[]): Catalogue {
  const ordered = [...entries].sort(compareEntries);
  // Keyed without a trailing slash, so a page is found by its URL in either style.
  const byUrl = new Map(ordered.map((entry) => [normalizeUrlPath(entry.url), entry]));
  const byCollection = Map.groupBy(ordered, (entry) => entry.collection);
  const byTranslation = Map.groupBy(ordered, (entry) => entry.translationKey);
  // A reference names an entry by collection and slug; one lookup, not a scan of the collection.
  // The first in the one ordering wins when two folders hold the same slug, as a scan would find.
  const bySlug = new Map<string, Entry>();
  for (const entry of ordered) {
    const key = `${entry.collection}/${entry.slug}`;
    if (!entry.listPage && !bySlug.has(key)) bySlug.set(key, entry);
  }
  const derived = new Map<string, unknown>();
  const keyOf = derivedKeys();
  // The catalogue never changes once built, and every page's menus ask the same few questions,
  // so each distinct query is answered once; answering it per page would be quadratic.
  const answers = new Map<string, readonly Entry[]>();
  const collection = (name: string, query: CollectionQuery = {}): readonly Entry[] => {
    const locale = query.locale === '*' ? undefined : query.locale;
    const key = JSON.stringify([name, query.includeHidden === true, query.includeListPages === true, query.order ?? 'sort', locale]);
    let answer = answers.get(key);
    if (!answer) {
      const list = (byCollection.get(name) ?? []).filter(
        (entry) =>
          (query.includeHidden || !entry.hidden) &&
          (query.includeListPages || !entry.listPage) &&
          (locale === undefined || entry.locale === locale),
      );
      answer = Object.freeze(query.order === 'newest' ? list.sort(compareNewestFirst) : list);
      answers.set(key, answer);
    }
    return answer;
  };
  const catalogue: Catalogue = {
    entries: ordered,
    byPath: <T extends BaseData>(urlPath: string) => byUrl.get(normalizeUrlPath(urlPath)) as Entry<T> | undefined,
    collection: <T extends BaseData>(name: string, query?: CollectionQuery) => collection(name, query) as readonly Entry<T>[],
    resolve: <T extends BaseData>(ref: Ref) => bySlug.get(`${ref.collection}/${ref.slug}`) as Entry<T> | undefined,
    index: () =>
      ordered.map((entry) => ({
        path: entry.url,
        componentPath: entry.template,
        title: entry.data.title,
        hidden: entry.hidden,
        sort: entry.data.sort,
        published: entry.dates?.published,
      })),
    translations: <T extends BaseData>(entry: Pick<Entry, 'translationKey'>) =>
      (byTranslation.get(entry.translationKey) ?? []) as unknown as readonly Entry<T>[],
    derive: <T>(compute: (catalogue: Catalogue) => T): T => {
      const key = keyOf(compute);
      if (!derived.has(key)) derived.set(key, compute(catalogue));
      return derived.get(key) as T;
    },
  };
  return catalogue;
}

/**
 * A catalogue whose `collection()` lists one locale's entries unless asked for another (what a
 * page of that locale, and `routes()` for the default locale, see); everything else is the catalogue's.
 */
export function inLocale(catalogue: Catalogue, locale: string): Catalogue {
  return {
    get entries() {
      return catalogue.entries;
    },
    byPath: (urlPath) => catalogue.byPath(urlPath),
    collection: (name, query) => catalogue.collection(name, { ...query, locale: query?.locale ?? locale }),
    resolve: (ref) => catalogue.resolve(ref),
    index: () => catalogue.index(),
    translations: (entry) => catalogue.translations(entry),
    derive: (compute) => catalogue.derive(compute),
  };
}

/** Reports every reference (see `SchemaHelpers.ref`) that names no entry. */
export function checkReferences(
  catalogue: Catalogue,
  locate: (entry: Entry, fieldPath: PropertyKey[]) => { line: number; column: number },
  /** The drafts the build leaves out: a reference to one names no entry, and the hint says why. */
  drafts: readonly Entry[] = [],
): Diagnostic[] {
  const draftKeys = new Set(drafts.map((entry) => `${entry.collection}/${entry.slug}`));
  const diagnostics: Diagnostic[] = [];
  for (const entry of catalogue.entries) {
    for (const { ref, fieldPath } of findRefs(entry.data, [])) {
      if (catalogue.resolve(ref)) continue;
      const slugs = catalogue.collection(ref.collection, { includeHidden: true }).map((e) => e.slug);
      diagnostics.push({
        ...diagnose('unknown-reference', {
          collection: ref.collection,
          slug: ref.slug,
          draft: draftKeys.has(`${ref.collection}/${ref.slug}`),
        }),
        file: entry.file,
        ...locate(entry, fieldPath),
        field: fieldPath.map(String).join('.'),
        expected: slugs.length
          ? slugs.length > 12
            ? phrase('reference-one-of-many', { slugs: slugs.slice(0, 12).join(', '), count: slugs.length })
            : phrase('reference-one-of', { slugs: slugs.join(', ') })
          : phrase('reference-none', { collection: ref.collection }),
        actual: JSON.stringify(ref.slug),
      });
    }
  }
  return diagnostics;
}

function* findRefs(value: unknown, fieldPath: PropertyKey[]): Generator<{ ref: Ref; fieldPath: PropertyKey[] }> {
  if (value instanceof Ref) yield { ref: value, fieldPath };
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* findRefs(item, [...fieldPath, i]);
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) yield* findRefs(item, [...fieldPath, key]);
}
