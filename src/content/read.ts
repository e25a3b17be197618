import { decodeEntry, encodeEntry } from './entry-codec.ts';
import { digest } from '../incremental/facts.ts';
import type { KnownEntry } from '../incremental/state.ts';
import { checkReferences, createCatalogue, type Catalogue } from './catalogue.ts';
import type { Entry } from './entry.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { locateField } from './locate.ts';
import { parseSource } from './parse.ts';
import { checkDuplicateUrls } from '../routes/routes.ts';
import { urlForContentFile } from '../routes/urls.ts';
import { scanContent, type SourceFile } from './scan.ts';
import { createSchemaHelpers } from './schema-helpers.ts';
import type { Site, SiteDefinition } from '../site/definition.ts';
import { excludedBy, prepareCollections, validateFile, type PreparedCollection } from './validate.ts';
import { skippedContent } from './skipped.ts';
import type { ParsedSource } from '../runner/protocol.ts';
import type { WorkerPool } from '../runner/render-pool.ts';
import type { InputBounds } from '../safety/input-bounds.ts';

/** A site's content, read and checked: everything a build or `site og` starts from. */
export interface Content {
  diagnostics: Diagnostic[];
  /** How many content files were read. */
  fileCount: number;
  /** The valid entries in the order of their files. */
  entries: Entry[];
  /** The same entries in the one ordering, with lookups. */
  catalogue: Catalogue;
  /** What the next build needs to take each valid file's entry without parsing it (see `KnownEntry`). */
  known: Map<string, KnownEntry>;
  /** A hash of each entry (its file's path and text), by URL: what changed since the last build. */
  entryHashes: Map<string, string>;
  /** The URLs of files that gave no entry (their front matter has mistakes): links to them are not broken links. */
  invalidUrls: string[];
  /** The URLs of the drafts this build leaves out (see `ReadOptions.drafts`): a link to one is a broken link that says so. */
  draftUrls: string[];
  /** Files under the content folder that look like content but that the build does not read (dotfiles, `.markdown`): counted in the summary. */
  skipped: string[];
}

/** What a build asks of the content. */
export interface ReadOptions {
  /** Keep drafts (`draft: true`) among the entries, as `site serve` and `site build --drafts` do (default false: they are left out). */
  drafts?: boolean;
  /** What may be read (see `InputBounds`): by default, the site's own project. */
  bounds?: InputBounds;
}

/**
 * Reads a site's content: scan → parse → validate → catalogue. A file whose text is what the last
 * build validated (`last.entries`) is not parsed again; many files are parsed on worker threads.
 * Reports every problem it finds as a diagnostic instead of stopping at the first.
 */
export async function readContent(site: Site, last?: { entries?: ReadonlyMap<string, KnownEntry> }, workers?: WorkerPool, options: ReadOptions = {}): Promise<Content> {
  const previous = last?.entries;
  // With nothing to reuse, every file will be parsed: workers, if there are to be any, start
  // loading the site now, while the files are read.
  // A file a collection excludes is never read: it cannot fail the build.
  const excluded = excludedBy(collectionsOf(site));
  const scanned = await scanContent(site, (count) => !previous?.size && workers?.get(count, count), options.bounds, excluded);
  const sources = scanned.sources;
  const skipping = skippedContent(site.contentDir, new Set(sources.map((source) => source.relative)), excluded);
  const known = new Map<string, KnownEntry>();
  const entryHashes = new Map<string, string>();
  // Entries stay in the order of their files, reused or not, so routes come out in the same order.
  const slots: Array<Entry | undefined> = new Array(sources.length);
  const position = new Map(sources.map((source, i) => [source.file, i]));
  const toParse: SourceFile[] = [];
  // A file whose text is what the last build validated gives the same entry: schemas, the
  // content folder and the images are part of the cache key, so they have not changed either.
  for (const [i, source] of sources.entries()) {
    const hash = digest(source.text);
    const reused = previous?.get(source.relative);
    if (reused?.hash === hash) {
      const entry = decodeEntry({ ...reused.entry, body: withoutBom(source.text).slice(reused.bodyStart) });
      slots[i] = entry;
      known.set(source.relative, reused);
      entryHashes.set(entry.url, digest(`${source.relative}\n${hash}`));
    } else toParse.push(source);
  }

  // Many files are parsed on the worker threads (which render the pages afterwards); a few, here.
  // Results are put back in file order, so diagnostics come out in the same order either way:
  // duplicate URLs, then syntax, then schemas.
  const results: Array<ParsedSource | undefined> = new Array(toParse.length);
  const pool = workers?.get(toParse.length, sources.length);
  const read = fileReader(site);
  const readHere = (index: number) => (results[index] = { index, ...read(toParse[index]!) });
  let left = toParse.map((_, i) => i);
  if (pool) {
    left = await pool.parse(
      toParse.map(({ file, relative, text }, index) => ({ index, file, relative, text })),
      (result) => (results[result.index] = result),
      readHere,
    );
  }
  left.forEach(readHere);
  const syntax: Diagnostic[] = [];
  const schema: Diagnostic[] = [];
  for (const [i, result] of results.entries()) {
    const source = toParse[i]!;
    syntax.push(...result!.syntax);
    schema.push(...result!.schema);
    if (!result!.entry) continue;
    const text = withoutBom(source.text);
    const entry = decodeEntry({ ...result!.entry, body: text.slice(result!.bodyStart) });
    const hash = digest(source.text);
    slots[position.get(source.file)!] = entry;
    known.set(source.relative, { hash, entry: result!.entry, bodyStart: result!.bodyStart! });
    entryHashes.set(entry.url, digest(`${source.relative}\n${hash}`));
  }
  const diagnostics = [...scanned.diagnostics, ...checkDuplicateUrls(sources), ...syntax, ...schema];

  // A draft left out is read and checked like any file (its next build may include it), then
  // dropped before the catalogue: no page, menu, listing, feed, sitemap line or derived route sees it.
  const valid = slots.filter((entry): entry is Entry => entry !== undefined);
  const entries = options.drafts ? valid : valid.filter((entry) => !entry.draft);
  const draftUrls = options.drafts ? [] : valid.filter((entry) => entry.draft).map((entry) => entry.url);
  for (const url of draftUrls) entryHashes.delete(url);
  const catalogue = createCatalogue(entries);
  diagnostics.push(...checkReferences(catalogue, locator(sources), options.drafts ? [] : valid.filter((entry) => entry.draft)));
  const invalidUrls = sources.flatMap((source, i) => (slots[i] ? [] : [urlForContentFile(source.relative).url]));
  return { diagnostics, fileCount: sources.length, entries, catalogue, known, entryHashes, invalidUrls, draftUrls, skipped: await skipping };
}

/**
 * Parses and validates one file at a time: a parsed file holds its whole YAML document (kept for
 * pointing at a field), and ten thousand of them at once would cost hundreds of megabytes.
 */
export function fileReader(site: SiteDefinition): (source: SourceFile) => Omit<ParsedSource, 'index'> {
  return (source) => {
    const collections = collectionsOf(site);
    // The collection says whether the file must have front matter, so it is found first.
    const frontMatter = collections.find((collection) => collection.holds(source.relative))?.definition.frontMatter;
    const { parsed, diagnostics: syntax } = parseSource(source, { frontMatter });
    if (!parsed) return { syntax, schema: [] };
    const { entry, diagnostics: schema } = validateFile(parsed, collections, site.templates, site.trailingSlash);
    if (!entry) return { syntax, schema };
    const { body, ...rest } = encodeEntry(entry);
    return { syntax, schema, entry: rest, bodyStart: withoutBom(source.text).length - body.length };
  };
}

const prepared = new WeakMap<SiteDefinition, PreparedCollection[]>();

/**
 * A site's collections, prepared on first use and kept for as long as the site is loaded: the dev
 * server builds one site again and again, and building its schemas (and their JSON form, for the
 * URL check) cost more than validating the one file an edit changed. Schemas check images when
 * they validate, not when they are built, so a kept schema sees the folder as it is now.
 */
function collectionsOf(site: SiteDefinition): PreparedCollection[] {
  let collections = prepared.get(site);
  if (!collections) prepared.set(site, (collections = prepareCollections(site, createSchemaHelpers([site.contentDir, site.publicDir ?? site.contentDir]))));
  return collections;
}

function withoutBom(text: string): string {
  return text.replace(/^\uFEFF/, '');
}

/** Finds where a field is written, parsing the entry's file again: only ever asked on the way to an error. */
function locator(sources: readonly SourceFile[]) {
  const sourceOf = new Map(sources.map((source) => [source.file, source]));
  return (entry: Entry, fieldPath: PropertyKey[]) => locateField(parseSource(sourceOf.get(entry.file)!, { frontMatter: 'optional' }).parsed!, fieldPath);
}
