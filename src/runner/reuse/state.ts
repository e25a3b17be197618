import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadAnalysis, storeAnalysis, type PageAnalysis, type StoredAnalysis } from '../../render/analysis.ts';
import type { LinkState } from './link-reuse.ts';
import type { Entry } from '../../content/entry.ts';
import { decodeData, encodeData } from '../entry-codec.ts';
import { digest } from '../../core/digest.ts';
import { mapped, writeJsonParts, type JsonPart } from './json-parts.ts';

/** Bumped whenever the shape of the state changes, so an old cache is ignored rather than misread. */
const FORMAT = 4;

/** A content file as the last build read it: enough to rebuild its entry without parsing it again. */
export interface KnownEntry {
  /** Hash of the file's text. */
  hash: string;
  /** The entry without its body (the file's text has it). */
  entry: Omit<Entry, 'body'>;
  /** Where the body starts in the text (after a byte-order mark is removed). */
  bodyStart: number;
}

/** A page as the last build rendered it. */
export interface KnownPage {
  /** Hash of the route and its own entry. */
  route: string;
  /** The facts it read about other pages (keys of `BuildState.facts`). */
  deps: string[];
  /** Its links, ids and inline code, for the stages after rendering. */
  analysis: PageAnalysis;
}

/** A file of the output as the last build left it. */
export interface KnownFile {
  hash: string;
  /** What the writer reported after writing it (see `CurrentOutput.stamp`). */
  stamp: string;
  /** What it was made from, when that says more than its bytes: a social image's cache key. */
  source?: string;
}

/** What one build leaves for the next, in memory (a builder) or on disk (one file per output folder). */
export interface BuildState {
  /** Hash of what every page depends on: code, content folder, images, assets, origin (see `openLastBuild`). */
  key: string;
  /** Hash of what validating a file depends on besides its text: code, content folder, images. */
  entriesKey: string;
  /** Content files by path relative to the content folder. */
  entries: Map<string, KnownEntry>;
  /** Entry hashes by URL, so a changed, new or removed entry is found by comparing two maps. */
  entryHashes: Map<string, string>;
  /** Fact → fingerprint (see `facts.ts`). */
  facts: Map<string, string>;
  /** Derived value key → the facts its computation read. */
  derived: Map<string, string[]>;
  /** Pages by output path. */
  pages: Map<string, KnownPage>;
  /** Every output file by path. */
  files: Map<string, KnownFile>;
  /** The last link check's outcome, reusable while no page and no output path changed. */
  links?: LinkState;
}

interface StoredState {
  format: number;
  key: string;
  entriesKey: string;
  entries: [string, KnownEntry][];
  entryHashes: [string, string][];
  facts: string[];
  fingerprints: string[];
  derived: [string, number[]][];
  pages: [string, string, number[], StoredAnalysis][];
  /** Strings of the stored analyses, numbered. */
  strings: string[];
  files: [string, string, string, string?][];
  links?: LinkState;
}

/** A known page whose analysis is read from its stored form on first use. */
function lazyPage(route: string, deps: string[], stored: StoredAnalysis, strings: readonly string[]): KnownPage {
  return { route, deps, analysis: loadAnalysis(stored, (n) => strings[n]!) };
}

/** Where the state of builds into one output folder is kept. */
export function stateFile(cacheDir: string, location: string): string {
  return path.join(cacheDir, `${digest(path.resolve(location))}.json`);
}

/** Reads the state a build into this output left, or undefined when there is none or it cannot be read. */
export async function loadState(file: string): Promise<BuildState | undefined> {
  let stored: StoredState;
  try {
    stored = JSON.parse(await fs.readFile(file, 'utf8')) as StoredState;
  } catch {
    return undefined;
  }
  if (stored.format !== FORMAT) return undefined;
  const fact = (index: number) => stored.facts[index]!;
  return {
    key: stored.key,
    entriesKey: stored.entriesKey,
    // References in entries' data are stored encoded (see `entry-codec.ts`).
    entries: new Map(
      stored.entries.map(([file, known]) => [
        file,
        { ...known, entry: { ...known.entry, data: decodeData(known.entry.data) as Entry['data'] } },
      ]),
    ),
    entryHashes: new Map(stored.entryHashes),
    facts: new Map(stored.facts.map((key, i) => [key, stored.fingerprints[i]!])),
    derived: new Map(stored.derived.map(([key, inputs]) => [key, inputs.map(fact)])),
    // Analyses are turned back into objects only when a stage asks: a build that changed
    // nothing never does (see `links` below), and ten thousand of them take a while.
    pages: new Map(
      stored.pages.map(([outPath, route, deps, analysis]) => [outPath, lazyPage(route, deps.map(fact), analysis, stored.strings)]),
    ),
    links: stored.links,
    files: new Map(stored.files.map(([filePath, hash, stamp, source]) => [filePath, source ? { hash, stamp, source } : { hash, stamp }])),
  };
}

/**
 * Writes the state atomically (a temporary file renamed into place), so a reader sees the old
 * state or the new one, and two builds finishing at once each leave a whole file. Facts are
 * written once and referred to by number: most pages read the same menus. The JSON is written a
 * part at a time (see `writeJsonParts`), the facts and strings after the pages that number them.
 */
export async function saveState(file: string, state: BuildState): Promise<void> {
  const ids = new Map<string, number>();
  const id = (fact: string) => {
    let n = ids.get(fact);
    if (n === undefined) ids.set(fact, (n = ids.size));
    return n;
  };
  const strings = new Map<string, number>();
  const number = (text: string) => {
    let n = strings.get(text);
    if (n === undefined) strings.set(text, (n = strings.size));
    return n;
  };
  const parts: JsonPart<StoredState>[] = [
    ['format', FORMAT],
    ['key', state.key],
    ['entriesKey', state.entriesKey],
    [
      'entries',
      mapped(state.entries, ([file, known]): [string, KnownEntry] => [
        file,
        { ...known, entry: { ...known.entry, data: encodeData(known.entry.data) as Entry['data'] } },
      ]),
    ],
    ['entryHashes', state.entryHashes.entries()],
    ['derived', mapped(state.derived, ([key, inputs]): [string, number[]] => [key, inputs.map(id)])],
    [
      'pages',
      mapped(state.pages, ([outPath, page]): StoredState['pages'][number] => [
        outPath,
        page.route,
        page.deps.map(id),
        storeAnalysis(page.analysis, number),
      ]),
    ],
    // Numbered by the pages and derived values above, so written after them.
    ['facts', () => ids.keys()],
    ['fingerprints', () => mapped(ids.keys(), (fact) => state.facts.get(fact) ?? '')],
    ['strings', () => strings.keys()],
    ['links', state.links],
    [
      'files',
      mapped(state.files, ([filePath, known]): StoredState['files'][number] =>
        known.source ? [filePath, known.hash, known.stamp, known.source] : [filePath, known.hash, known.stamp],
      ),
    ],
  ];
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await writeJsonParts(temporary, parts);
    await fs.rename(temporary, file);
  } finally {
    await fs.rm(temporary, { force: true });
  }
  await pruneStates(path.dirname(file));
}

/** States of output folders nobody has built into for this long are removed (temporary folders of tests and benchmarks, mostly). */
const KEEP_UNUSED_MS = 14 * 24 * 3600 * 1000;

async function pruneStates(dir: string): Promise<void> {
  const now = Date.now();
  for (const name of await fs.readdir(dir).catch(() => [])) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat?.isFile() && now - stat.mtimeMs > KEEP_UNUSED_MS) await fs.rm(file, { force: true });
  }
}
