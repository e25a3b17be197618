import type { Catalogue, CollectionQuery } from '../../content/catalogue.ts';
import type { Entry } from '../../content/entry.ts';
import type { Ref } from '../../content/schema-helpers.ts';
import type { SiteContext } from '../../site/context.ts';
import { normalizeUrlPath } from '../../core/urls.ts';
import { derivedKeys } from '../../content/derived-key.ts';
import { allEntriesFact, collectionFact, derivedFact, entryFact, indexFact, ogFact, pathFact, refFact, translationsFact } from './facts.ts';

/** The catalogue and site context a page renders with, recording what the page reads. */
export interface Tracker {
  catalogue: Catalogue;
  siteContext: SiteContext;
  /** The tracked stand-in for an entry of the catalogue (the same object every time it is asked for). */
  entry(entry: Entry): Entry;
  /** Runs `render` for the page at `url`, returning its result and the facts it read about other pages. */
  record<T>(url: string, render: () => T): { value: T; reads: Set<string> };
  /** Each derived value computed so far, with the facts its computation read. */
  readonly derived: ReadonlyMap<string, ReadonlySet<string>>;
}

/** An entry's own fields that say nothing more than its URL, which every fact is keyed by already. */
const IDENTITY = new Set<PropertyKey>(['url', 'slug']);

/**
 * Wraps a catalogue so that every read a page makes of another entry is written down as a fact
 * (see `facts.ts`): which collection answers it asked for, which fields of which entries it
 * read, which social images it named. Rendering is synchronous, so one log is open at a time;
 * `derive` opens a log of its own, and a page using a derived value depends on all of it.
 *
 * Entries are wrapped once per build, so identity comparisons between them hold. Collection
 * answers are new arrays for each page (wrapping lazily, so a menu taking ten entries of ten
 * thousand costs ten): a template that caches work keyed on an answer array then redoes it per
 * page and records what it reads, instead of leaving later pages with reads they never made.
 */
export function createTracker(base: Catalogue, site: SiteContext): Tracker {
  let log: Set<string> | undefined;
  let self: string | undefined;
  let answers = new Map<string, readonly Entry[]>();
  const note = (fact: string) => log?.add(fact);
  // Facts are kept as one string each, so pages' logs share them (see `fact` in `wrap` for entries' fields).
  const canonical = new Map<string, string>();
  const noteOnce = (fact: string) => {
    let text = canonical.get(fact);
    if (text === undefined) canonical.set(fact, (text = fact));
    note(text);
    return text;
  };
  const wrapped = new Map<string, Entry>();
  const derived = new Map<string, { value: unknown; reads: Set<string> }>();
  const keyOf = derivedKeys();
  const reads = new Map<string, ReadonlySet<string>>();
  /** Runs `task` with a log (and page) of its own, restoring the outer ones afterwards. */
  const within = <T>(page: string | undefined, task: () => T): { value: T; reads: Set<string> } => {
    const outer = { log, self, answers };
    const own = new Set<string>();
    ({ log, self, answers } = { log: own, self: page, answers: new Map() });
    try {
      return { value: task(), reads: own };
    } finally {
      ({ log, self, answers } = outer);
    }
  };
  const answer = (fact: string, list: () => readonly Entry[]) => {
    let array = answers.get(fact);
    if (!array) answers.set(fact, (array = lazilyWrapped(list(), (entry) => wrap(entry))));
    return array;
  };

  const wrap = (entry: Entry): Entry => {
    let proxy = wrapped.get(entry.url);
    if (proxy) return proxy;
    const url = entry.url;
    // Each fact string is made once: pages read the same fields of the same entries thousands of
    // times, and a string made anew is hashed anew by every set and table it goes into.
    const facts = new Map<string, string>();
    const fact = (field: string) => {
      let text = facts.get(field);
      if (text === undefined) facts.set(field, (text = entryFact(url, field)));
      return text;
    };
    const dataFacts = new Map<string, string>();
    const dataFact = (key: string) => {
      let text = dataFacts.get(key);
      if (text === undefined) dataFacts.set(key, (text = entryFact(url, `data.${key}`)));
      return text;
    };
    const data = new Proxy(entry.data, {
      get(target, key, receiver) {
        if (typeof key === 'string' && url !== self) note(dataFact(key));
        return Reflect.get(target, key, receiver);
      },
      has(target, key) {
        if (typeof key === 'string' && url !== self) note(dataFact(key));
        return Reflect.has(target, key);
      },
      ownKeys(target) {
        if (url !== self) note(fact('data'));
        return Reflect.ownKeys(target);
      },
    });
    proxy = new Proxy(entry, {
      get(target, key, receiver) {
        if (key === 'data') return data;
        if (typeof key === 'string' && !IDENTITY.has(key) && url !== self) note(fact(key));
        return Reflect.get(target, key, receiver);
      },
    });
    wrapped.set(url, proxy);
    return proxy;
  };

  const catalogue: Catalogue = {
    get entries() {
      note(allEntriesFact());
      return answer(allEntriesFact(), () => base.entries);
    },
    byPath<T>(urlPath: string) {
      noteOnce(pathFact(normalizeUrlPath(urlPath)));
      const entry = base.byPath(urlPath);
      return (entry ? wrap(entry) : undefined) as Entry<T & Entry['data']> | undefined;
    },
    collection<T>(name: string, query?: CollectionQuery) {
      const fact = noteOnce(collectionFact(name, query));
      return answer(fact, () => base.collection(name, query)) as readonly Entry<T & Entry['data']>[];
    },
    resolve<T>(ref: Ref) {
      noteOnce(refFact(ref.collection, ref.slug));
      const entry = base.resolve(ref);
      return (entry ? wrap(entry) : undefined) as Entry<T & Entry['data']> | undefined;
    },
    index() {
      note(indexFact());
      return base.index();
    },
    translations<T>(entry: Pick<Entry, 'translationKey'>) {
      const fact = noteOnce(translationsFact(entry.translationKey));
      return answer(fact, () => base.translations(entry)) as readonly Entry<T & Entry['data']>[];
    },
    derive<T>(compute: (catalogue: Catalogue) => T): T {
      const key = keyOf(compute);
      noteOnce(derivedFact(key));
      let known = derived.get(key);
      if (!known) {
        known = within(undefined, () => compute(catalogue));
        derived.set(key, known);
        reads.set(key, known.reads);
      }
      return known.value as T;
    },
  };

  const siteContext: SiteContext = {
    ...site,
    ogImage(pageUrl: string) {
      if (pageUrl !== self) noteOnce(ogFact(pageUrl));
      return site.ogImage(pageUrl);
    },
  };

  return {
    catalogue,
    siteContext,
    entry: wrap,
    derived: reads,
    record: (url, render) => within(url, render),
  };
}

const isIndex = (key: string | symbol): key is string => typeof key === 'string' && key !== '' && String(Number(key) >>> 0) === key;

/**
 * A read-only array that wraps each element as it is read. A proxy over an empty array rather
 * than over `list`: `list` is frozen, and a proxy of a frozen array must hand out its elements
 * unchanged. Array methods, spreading and iteration all go through `get`.
 */
function lazilyWrapped<T extends object>(list: readonly T[], wrap: (item: T) => T): readonly T[] {
  return new Proxy([] as T[], {
    get(_target, key) {
      if (key === 'length') return list.length;
      if (isIndex(key)) {
        const item = list[Number(key)];
        return item === undefined ? undefined : wrap(item);
      }
      return Reflect.get(list, key);
    },
    has: (_target, key) => Reflect.has(list, key),
    ownKeys: () =>
      Reflect.ownKeys(list)
        .filter((key) => key !== 'length')
        .concat('length'),
    getOwnPropertyDescriptor(target, key) {
      if (key === 'length') return Reflect.getOwnPropertyDescriptor(target, key);
      if (!isIndex(key) || Number(key) >= list.length) return undefined;
      return { value: wrap(list[Number(key)]!), writable: false, enumerable: true, configurable: true };
    },
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  });
}
