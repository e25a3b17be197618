import { checkReferences, createCatalogue, type Catalogue } from './catalogue.ts';
import type { Entry } from './entry.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { locateField } from './locate.ts';
import { parseSource } from './parse.ts';
import { collectionsOf, dataFilesOf, parseFile, type ParsedFile } from './parse-file.ts';
import { checkDuplicateUrls } from './duplicate-urls.ts';
import { urlForContentFile } from '../core/urls.ts';
import { scanContent, type SourceFile } from './scan.ts';
import type { ContentSite } from './collection.ts';
import { excludedBy } from './validate.ts';
import { skippedContent } from './skipped.ts';
import { draftBundles, type DraftBundles } from './draft-bundles.ts';
import type { InputBounds } from '../safety/input-bounds.ts';
import { dataFileEntries, type DataResult } from './data-entries.ts';
import { loadDataParsers } from './data-parse.ts';
import { loadCollections, type LoadOptions } from './loaders.ts';
import { localesOf } from '../i18n/locales.ts';
import { localizedUrl } from '../i18n/content-paths.ts';
import { checkTranslationKeys } from './translation-key.ts';

/** A site's content, read and checked: everything a build or `site og` starts from. */
export interface Content {
  diagnostics: Diagnostic[];
  /** How many content files were read. */
  fileCount: number;
  /** The valid entries in the order of their files. */
  entries: Entry[];
  /** The same entries in the one ordering, with lookups. */
  catalogue: Catalogue;
  /** Each data file's and loader's entry, with a hash of what it was made from (see `DataResult.hash`). */
  records: Map<Entry, string>;
  /** The URLs of files that gave no entry (their front matter has mistakes): links to them are not broken links. */
  invalidUrls: string[];
  /** The URLs of the drafts this build leaves out (see `ReadOptions.drafts`): a link to one is a broken link that says so. */
  draftUrls: string[];
  /** The page bundles of those drafts: their files are left out with them. */
  draftBundles: DraftBundles;
  /** Files under the content folder that look like content but that the build does not read (dotfiles, `.markdown`): counted in the summary. */
  skipped: string[];
}

/** What a build asks of the content. */
export interface ReadOptions extends LoadOptions {
  /** Keep drafts (`draft: true`) among the entries, as `site serve` and `site build --drafts` do (default false: they are left out). */
  drafts?: boolean;
  /** What may be read (see `InputBounds`): by default, the site's own project. */
  bounds?: InputBounds;
}

/**
 * Turns content files into parsed files, in file order: by default `parseFile` on each, here.
 * The runner passes its own (see `runner/content-reader.ts`): it reuses the entries a previous
 * build validated and shares the parsing out to worker threads.
 */
export interface FileParser {
  /** Told how many files there are as soon as they are listed, before they are read; told again, with their entries, when data files hold more. */
  listed?(count: number): void;
  /** Each file's entry or problems. */
  parse(sources: readonly SourceFile[]): Promise<ParsedFile[]>;
}

/**
 * Reads a site's content: scan → parse → validate → catalogue. Reports every problem it finds as
 * a diagnostic instead of stopping at the first.
 */
export async function readContent(site: ContentSite, options: ReadOptions = {}, parser: FileParser = parseHere(site)): Promise<Content> {
  const collections = collectionsOf(site);
  // A file a collection excludes is never read: it cannot fail the build.
  const excluded = excludedBy(collections);
  const scanned = await scanContent(site, parser.listed, options.bounds, excluded, dataFilesOf(site));
  const sources = scanned.sources;
  const skipping = skippedContent(site.contentDir, new Set(sources.map((source) => source.relative)), excluded);
  // Data files and loaders give entries of their own (see `data-entries.ts`, `loaders.ts`), after the Markdown files'.
  await loadDataParsers(scanned.data.map((source) => source.relative));
  const data = scanned.data.flatMap((source) =>
    dataFileEntries(site, collections.find((collection) => collection.holds(source.relative))!, source),
  );
  // Their pages count as the files' do: a parser that shares the work out to threads can start them now.
  if (data.length) parser.listed?.(sources.length + data.length);
  const results = await parser.parse(sources);
  const loaded = await loadCollections(site, collections, options);
  const records = [...data, ...loaded.results];
  // Entries stay in the order of their files, so routes come out in the same order; so do
  // diagnostics: duplicate URLs, then syntax, then schemas.
  const slots: Array<Entry | undefined> = [...results, ...records].map((result) => result.entry);
  const locales = localesOf(site);
  // A multilingual site's file is claimed at its locale's URL (`de/about.md` and `about.de.md` both claim /de/about).
  const urlOf = (relative: string) => (locales.multilingual ? localizedUrl(relative, locales).url : urlForContentFile(relative).url);
  const claims = [
    ...(locales.multilingual ? sources.map((source) => ({ ...source, url: urlOf(source.relative) })) : sources),
    ...records.flatMap(({ url, file, label, locate }) => (url ? [{ file, label, url, at: () => locate([]) }] : [])),
  ];
  const diagnostics = [
    ...scanned.diagnostics,
    ...loaded.diagnostics,
    ...checkDuplicateUrls(claims),
    ...[...results, ...records].flatMap((result) => result.syntax),
    ...[...results, ...records].flatMap((result) => result.schema),
  ];

  // A draft left out is read and checked like any file (its next build may include it), then
  // dropped before the catalogue: no page, menu, listing, feed, sitemap line or derived route sees it.
  const valid = slots.filter((entry): entry is Entry => entry !== undefined);
  const entries = options.drafts ? valid : valid.filter((entry) => !entry.draft);
  const leftOut = options.drafts ? [] : valid.filter((entry) => entry.draft);
  const draftUrls = leftOut.map((entry) => entry.url);
  const bundles = draftBundles(
    sources.map((source) => source.relative),
    leftOut,
  );
  const catalogue = createCatalogue(entries);
  diagnostics.push(...checkReferences(catalogue, locator(sources, records), leftOut));
  if (locales.multilingual) diagnostics.push(...checkTranslationKeys(entries, locator(sources, records)));
  const invalidUrls = [
    ...sources.flatMap((source, i) => (slots[i] ? [] : [urlOf(source.relative)])),
    ...records.flatMap((record) => (!record.entry && record.url ? [record.url] : [])),
  ];
  return {
    diagnostics,
    fileCount: sources.length + scanned.data.length,
    entries,
    catalogue,
    records: new Map(records.flatMap(({ entry, hash }) => (entry ? [[entry, hash] as const] : []))),
    invalidUrls,
    draftUrls,
    draftBundles: bundles,
    skipped: await skipping,
  };
}

/** Every file parsed here, one after another. */
function parseHere(site: ContentSite): FileParser {
  return { parse: async (sources) => sources.map((source) => parseFile(site, source)) };
}

/**
 * Finds where a field is written: a data file's or a loader's entry knows; a Markdown file is
 * parsed again. Only ever asked on the way to an error.
 */
function locator(sources: readonly SourceFile[], records: readonly DataResult[]) {
  const sourceOf = new Map(sources.map((source) => [source.file, source]));
  const recordOf = new Map(records.flatMap((record) => (record.entry ? [[record.entry, record] as const] : [])));
  return (entry: Entry, fieldPath: PropertyKey[]) =>
    recordOf.get(entry)?.locate(fieldPath) ??
    locateField(parseSource(sourceOf.get(entry.file)!, { frontMatter: 'optional' }).parsed!, fieldPath);
}
