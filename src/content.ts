import { checkReferences, createCatalogue, type Catalogue, type Entry } from './catalogue.ts';
import type { Diagnostic } from './diagnostics.ts';
import { locateField } from './locate.ts';
import { parseSource, type ParsedFile } from './parse.ts';
import { checkDuplicateUrls, planRoutes, type Route } from './routes.ts';
import { scanContent } from './scan.ts';
import { createSchemaHelpers } from './schema-helpers.ts';
import type { SiteDefinition } from './site-definition.ts';
import { prepareCollections, validateFile } from './validate.ts';

/** A site's content, read and checked: everything a build or `site og` starts from. */
export interface Content {
  diagnostics: Diagnostic[];
  /** How many content files were read. */
  fileCount: number;
  routes: Route[];
  catalogue: Catalogue;
}

/**
 * Reads a site's content: scan → parse → validate → catalogue → routes. Reports every problem
 * it finds as a diagnostic instead of stopping at the first.
 */
export async function readContent(site: SiteDefinition): Promise<Content> {
  const sources = await scanContent(site.contentDir);
  const parsed = sources.map(parseSource);
  const diagnostics = [...checkDuplicateUrls(sources), ...parsed.flatMap((result) => result.diagnostics)];
  const files = parsed.flatMap((result) => (result.parsed ? [result.parsed] : []));

  const collections = prepareCollections(site, createSchemaHelpers([site.contentDir, site.publicDir ?? site.contentDir]));
  const validated = files.map((file) => validateFile(file, collections, site.templates));
  diagnostics.push(...validated.flatMap((result) => result.diagnostics));
  const entries = validated.flatMap((result) => (result.entry ? [result.entry] : []));

  const routes = planRoutes(entries, site.notFound);
  const catalogue = createCatalogue(entries);
  diagnostics.push(...checkReferences(catalogue, locator(files)));
  return { diagnostics, fileCount: sources.length, routes, catalogue };
}

function locator(files: readonly ParsedFile[]) {
  const byFile = new Map(files.map((file) => [file.source.file, file]));
  return (entry: Entry, fieldPath: PropertyKey[]) => locateField(byFile.get(entry.file)!, fieldPath);
}
