import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { DATA_SOURCE } from '../safety/content-types.ts';
import type { ContentSite } from './collection.ts';
import type { Entry } from './entry.ts';
import { parseSource } from './parse.ts';
import type { SourceFile } from './scan.ts';
import { createSchemaHelpers } from './schema-helpers.ts';
import { prepareCollections, validateFile, type PreparedCollection } from './validate.ts';

/** One content file, parsed and validated: its entry, or its problems. */
export interface ParsedFile {
  entry?: Entry;
  /** Problems with the front matter's syntax, then with its fields. */
  syntax: Diagnostic[];
  schema: Diagnostic[];
}

/**
 * Parses and validates one content file against the collection that holds it. One file at a
 * time: a parsed file holds its whole YAML document (kept for pointing at a field), and ten
 * thousand of them at once would cost hundreds of megabytes.
 */
export function parseFile(site: ContentSite, source: SourceFile): ParsedFile {
  const collections = collectionsOf(site);
  // The collection says whether the file must have front matter, so it is found first.
  const frontMatter = collections.find((collection) => collection.holds(source.relative))?.definition.frontMatter;
  const { parsed, diagnostics: syntax } = parseSource(source, { frontMatter });
  if (!parsed) return { syntax, schema: [] };
  const { entry, diagnostics: schema } = validateFile(parsed, collections, site.templates, site.trailingSlash);
  return entry ? { syntax, schema, entry } : { syntax, schema };
}

const prepared = new WeakMap<ContentSite, PreparedCollection[]>();

/**
 * A site's collections, prepared on first use and kept for as long as the site is loaded: the dev
 * server builds one site again and again, and building its schemas (and their JSON form, for the
 * URL check) cost more than validating the one file an edit changed. Schemas check images when
 * they validate, not when they are built, so a kept schema sees the folder as it is now.
 */
export function collectionsOf(site: ContentSite): PreparedCollection[] {
  let collections = prepared.get(site);
  if (!collections)
    prepared.set(site, (collections = prepareCollections(site, createSchemaHelpers([site.contentDir, site.publicDir ?? site.contentDir]))));
  return collections;
}

/** Whether a file of the content folder (its path relative to it) is a data file that a collection takes as entries, and so never published as it is. */
export function dataFilesOf(site: ContentSite): (relative: string) => boolean {
  const collections = collectionsOf(site);
  return (relative) => DATA_SOURCE.test(relative) && collections.some((collection) => collection.holds(relative));
}

/** The text of a file without its byte-order mark, as its entry's body is cut from it. */
export function withoutBom(text: string): string {
  return text.replace(/^\uFEFF/, '');
}
