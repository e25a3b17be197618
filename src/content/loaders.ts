import fs from 'node:fs';
import path from 'node:path';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { digest } from '../core/digest.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { diagnose, phrase } from '../diagnostics/catalogue/index.ts';
import type { ContentSite, LoadedEntry, LoaderCache, LoaderContext } from './collection.ts';
import { checkEntry, listEntries, type DataResult } from './data-entries.ts';
import { locateIn } from './locate.ts';
import type { PreparedCollection } from './validate.ts';
import { cacheFolder } from '../core/cache-folder.ts';

/** Where each loader's last result is kept, relative to the project: one JSON file per collection. */
export const DATA_CACHE_FOLDER = cacheFolder('data');

/** Bumped whenever the cache file's shape changes: an older one is not read. */
const FORMAT = 1;

/** What a build asks of its loaders. */
export interface LoadOptions {
  /** Take every loader's last result from the cache instead of running it (`--offline`). */
  offline?: boolean;
  /** Where the loaders' logger writes (default: nowhere). */
  log?: (level: 'info' | 'warn', line: string) => void;
  /** When the build runs, for the age of cached data (default: now). */
  now?: Date;
  /** The folder of the loaders' last results (default: `.site-cache/data` in the site's root). */
  dataCache?: string;
}

/** A loader's result as kept in the cache. */
interface Kept {
  format: number;
  collection: string;
  loadedAt: string;
  entries: LoadedEntry[];
}

/**
 * Runs every collection's loader (one after another, in the order of the collections) and checks
 * its entries like a list file's. Each result is kept in `.site-cache/data/`; offline, or when a
 * loader throws and its collection sets `cacheOnError`, the kept result stands in for it, with one
 * warning naming the collection and the data's age. A loader that throws is otherwise a
 * `loader-failed` error naming the collection, its stack shown only with --verbose.
 */
export async function loadCollections(
  site: ContentSite,
  collections: readonly PreparedCollection[],
  options: LoadOptions = {},
): Promise<{ results: DataResult[]; diagnostics: Diagnostic[] }> {
  const results: DataResult[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const collection of collections) {
    const { load, name, cacheOnError } = collection.definition;
    if (!load) continue;
    const file = path.join(options.dataCache ?? path.join(site.root, DATA_CACHE_FOLDER), `${encodeURIComponent(name)}.json`);
    const kept = readKept(file, name);
    let loaded: { entries: LoadedEntry[]; text: string } | undefined;
    let failure: { reason: string; detail?: string } | undefined;
    if (options.offline) failure = { reason: `the build is offline (--offline) and no earlier result is kept in ${DATA_CACHE_FOLDER}` };
    else {
      try {
        const entries = checkShape(await load(loaderContext(site, name, kept, options)));
        const text = `${JSON.stringify({ format: FORMAT, collection: name, loadedAt: (options.now ?? new Date()).toISOString(), entries } satisfies Kept, null, 2)}\n`;
        loaded = { entries: JSON.parse(text).entries, text };
        writeKept(file, text);
      } catch (error) {
        const thrown = error instanceof Error ? error : new Error(String(error));
        failure = { reason: thrown.message.split('\n', 1)[0] || thrown.name, detail: thrown.stack };
      }
    }
    if (!loaded && kept && (options.offline || cacheOnError)) {
      loaded = kept;
      diagnostics.push({
        ...diagnose('data-from-cache', {
          collection: name,
          age: age(kept.loadedAt, options.now),
          ...(!options.offline && failure && { reason: failure.reason }),
        }),
        file,
        ...(failure?.detail && !options.offline && { detail: failure.detail }),
      });
    }
    if (!loaded) {
      diagnostics.push({
        ...diagnose('loader-failed', { collection: name, reason: failure!.reason }),
        ...(failure?.detail && { detail: failure.detail }),
      });
      continue;
    }
    results.push(...checkLoaded(site, collection, file, loaded));
  }
  return { results, diagnostics };
}

/** The context a loader is given: its last result, a logger, the site's settings. */
function loaderContext(site: ContentSite, collection: string, kept: Kept | undefined, options: LoadOptions): LoaderContext {
  const entries = kept?.entries ?? [];
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const cache: LoaderCache = {
    ...(kept && { loadedAt: kept.loadedAt }),
    entries,
    digests: new Map(entries.map((entry) => [entry.id, digest(JSON.stringify(entry))])),
    get: (id) => byId.get(id),
  };
  const log = (level: 'info' | 'warn') => (message: string) => options.log?.(level, `${collection}: ${message}`);
  return {
    collection,
    cache,
    logger: { info: log('info'), warn: log('warn') },
    site: { name: site.name ?? '', origin: site.origin ?? '', root: site.root, contentDir: site.contentDir },
  };
}

/** The loader's result as the cache keeps it: a list of `{ id, data, body? }`, or an error saying what it is instead. */
function checkShape(result: unknown): LoadedEntry[] {
  if (!Array.isArray(result)) throw new Error(phrase('loader-not-a-list', { kind: result === null ? 'null' : typeof result }));
  return result.map((item, i) => {
    const entry = item as Partial<LoadedEntry> | null;
    if (typeof entry !== 'object' || entry === null || typeof entry.data !== 'object' || entry.data === null || Array.isArray(entry.data))
      throw new Error(phrase('loader-item-shape', { number: i + 1 }));
    if (entry.body !== undefined && typeof entry.body !== 'string') throw new Error(phrase('loader-item-body', { number: i + 1 }));
    return { id: entry.id as string, data: entry.data, ...(entry.body !== undefined && { body: entry.body }) };
  });
}

/**
 * A loader's entries checked like a list file's items. Each is located in the cache file, which
 * holds the result as written (two-space JSON): a message points at the very field.
 */
function checkLoaded(site: ContentSite, collection: PreparedCollection, file: string, loaded: { entries: LoadedEntry[]; text: string }) {
  const base = (collection.definition.urlBase ?? `/${collection.definition.name}`).replace(/^\/+|\/+$/g, '');
  const lineCounter = new LineCounter();
  let document: Document | undefined;
  const documentOf = () => (document ??= parseDocument(loaded.text, { lineCounter, prettyErrors: false }));
  const at = (fieldPath: readonly PropertyKey[]) => locateIn(documentOf().contents, lineCounter, 0, fieldPath);
  const records = loaded.entries.map((entry, i) => ({
    data: entry.data,
    ...(entry.body !== undefined && { body: entry.body }),
    id: entry.id,
    index: i,
    locate: (fieldPath: readonly PropertyKey[]) => at(['entries', i, ...(fieldPath.length ? ['data', ...fieldPath] : [])]),
  }));
  const check = (record: (typeof records)[number], id: string) => {
    const pagePath = base ? `${base}/${id}` : id;
    const label = `the loader of "${collection.definition.name}" (${id})`;
    return checkEntry(site, collection, { file, relative: pagePath, text: '' }, record, { pagePath, label });
  };
  return listEntries(
    records,
    'id',
    file,
    check,
    (record) => record.id,
    (record) => at(['entries', record.index, 'id']),
  );
}

function readKept(file: string, collection: string): (Kept & { text: string }) | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const kept = JSON.parse(text) as Kept;
    return kept.format === FORMAT && kept.collection === collection && Array.isArray(kept.entries) ? { ...kept, text } : undefined;
  } catch {
    return undefined; // a cache file cut short: as good as none
  }
}

/** Written whole or not at all: a build stopped halfway leaves the last good result. */
function writeKept(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
}

/** How old a result is, in the largest unit that fits: `3 minutes`, `2 days`. */
export function age(loadedAt: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.round((now.getTime() - Date.parse(loadedAt)) / 1000));
  const units: Array<[string, number]> = [
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'}`;
  }
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}
