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
  const log = createReadLog();
  const wrapped = new Map<string, Entry>();
  const wrap = (entry: Entry): Entry => {
    let proxy = wrapped.get(entry.url);
    if (!proxy) wrapped.set(entry.url, (proxy = trackedEntry(entry, log)));
    return proxy;
  };
  const derived = new Map<string, ReadonlySet<string>>();
  return {
    catalogue: trackedCatalogue(base, log, wrap, derived),
    siteContext: trackedSiteContext(site, log),
    entry: wrap,
    derived,
    record: (url, render) => log.within(url, render),
  };
}

/** The log open while a page (or a derived value) renders, and the page it is for. */
interface ReadLog {
  /** Writes down a fact the open log's page read. */
  note(fact: string): void;
  /** Writes down a fact kept as one string for all pages, and returns that string. */
  noteOnce(fact: string): string;
  /** Whether `url` is another page than the one rendering: a page reading itself depends on nothing. */
  isOther(url: string): boolean;
  /** Runs `task` with a log (and page) of its own, restoring the outer ones afterwards. */
  within<T>(page: string | undefined, task: () => T): { value: T; reads: Set<string> };
  /** The open log's array for the collection answer `fact`, made once per page from `list`. */
  answer(fact: string, list: () => readonly Entry[], wrap: (entry: Entry) => Entry): readonly Entry[];
}

function createReadLog(): ReadLog {
  let log: Set<string> | undefined;
  let self: string | undefined;
  let answers = new Map<string, readonly Entry[]>();
  const note = (fact: string) => void log?.add(fact);
  // Facts are kept as one string each, so pages' logs share them (see `trackedEntry` for entries' fields).
  const canonical = new Map<string, string>();
  return {
    note,
    noteOnce(fact) {
      let text = canonical.get(fact);
      if (text === undefined) canonical.set(fact, (text = fact));
      note(text);
      return text;
    },
    isOther: (url) => url !== self,
    within(page, task) {
      const outer = { log, self, answers };
      const own = new Set<string>();
      ({ log, self, answers } = { log: own, self: page, answers: new Map() });
      try {
        return { value: task(), reads: own };
      } finally {
        ({ log, self, answers } = outer);
      }
    },
    answer(fact, list, wrap) {
      let array = answers.get(fact);
      if (!array) answers.set(fact, (array = lazilyWrapped(list(), wrap)));
      return array;
    },
  };
}

/** The stand-in for `entry` that notes each field another page reads of it, its data's fields one by one. */
function trackedEntry(entry: Entry, log: ReadLog): Entry {
  const url = entry.url;
  const fact = factsOf(url, (field) => field);
  const dataFact = factsOf(url, (key) => `data.${key}`);
  const data = new Proxy(entry.data, {
    get(target, key, receiver) {
      if (typeof key === 'string' && log.isOther(url)) log.note(dataFact(key));
      return Reflect.get(target, key, receiver);
    },
    has(target, key) {
      if (typeof key === 'string' && log.isOther(url)) log.note(dataFact(key));
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      if (log.isOther(url)) log.note(fact('data'));
      return Reflect.ownKeys(target);
    },
  });
  return new Proxy(entry, {
    get(target, key, receiver) {
      if (key === 'data') return data;
      if (typeof key === 'string' && !IDENTITY.has(key) && log.isOther(url)) log.note(fact(key));
      return Reflect.get(target, key, receiver);
    },
  });
}

/**
 * The fact of reading each field of the entry at `url`, each string made once: pages read the
 * same fields of the same entries thousands of times, and a string made anew is hashed anew by
 * every set and table it goes into.
 */
function factsOf(url: string, fieldOf: (key: string) => string): (key: string) => string {
  const facts = new Map<string, string>();
  return (key) => {
    let text = facts.get(key);
    if (text === undefined) facts.set(key, (text = entryFact(url, fieldOf(key))));
    return text;
  };
}

/** The catalogue that notes every question asked of `base`; `derived` receives each derived value's reads. */
function trackedCatalogue(
  base: Catalogue,
  log: ReadLog,
  wrap: (entry: Entry) => Entry,
  derived: Map<string, ReadonlySet<string>>,
): Catalogue {
  const values = new Map<string, unknown>();
  const keyOf = derivedKeys();
  const catalogue: Catalogue = {
    get entries() {
      log.note(allEntriesFact());
      return log.answer(allEntriesFact(), () => base.entries, wrap);
    },
    byPath<T>(urlPath: string) {
      log.noteOnce(pathFact(normalizeUrlPath(urlPath)));
      const entry = base.byPath(urlPath);
      return (entry ? wrap(entry) : undefined) as Entry<T & Entry['data']> | undefined;
    },
    collection<T>(name: string, query?: CollectionQuery) {
      const fact = log.noteOnce(collectionFact(name, query));
      return log.answer(fact, () => base.collection(name, query), wrap) as readonly Entry<T & Entry['data']>[];
    },
    resolve<T>(ref: Ref) {
      log.noteOnce(refFact(ref.collection, ref.slug));
      const entry = base.resolve(ref);
      return (entry ? wrap(entry) : undefined) as Entry<T & Entry['data']> | undefined;
    },
    index() {
      log.note(indexFact());
      return base.index();
    },
    translations<T>(entry: Pick<Entry, 'translationKey'>) {
      const fact = log.noteOnce(translationsFact(entry.translationKey));
      return log.answer(fact, () => base.translations(entry), wrap) as readonly Entry<T & Entry['data']>[];
    },
    derive<T>(compute: (catalogue: Catalogue) => T): T {
      const key = keyOf(compute);
      log.noteOnce(derivedFact(key));
      if (!values.has(key)) {
        const known = log.within(undefined, () => compute(catalogue));
        values.set(key, known.value);
        derived.set(key, known.reads);
      }
      return values.get(key) as T;
    },
  };
  return catalogue;
}

/** The site context that notes which other pages' social images a page names. */
function trackedSiteContext(site: SiteContext, log: ReadLog): SiteContext {
  return {
    ...site,
    ogImage(pageUrl: string) {
      if (log.isOther(pageUrl)) log.noteOnce(ogFact(pageUrl));
      return site.ogImage(pageUrl);
    },
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
