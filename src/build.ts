import { bundleAssets } from './assets.ts';
import { checkReferences, createCatalogue, type Catalogue, type Entry } from './catalogue.ts';
import { hasErrors, type Diagnostic } from './diagnostics.ts';
import { locateField } from './locate.ts';
import { parseSource, type ParsedFile } from './parse.ts';
import { renderPage } from './render/render-page.tsx';
import { checkDuplicateUrls, planRoutes, type Route } from './routes.ts';
import { scanContent } from './scan.ts';
import { createSchemaHelpers } from './schema-helpers.ts';
import type { SiteContext, SiteDefinition } from './site-definition.ts';
import { collectStaticFiles } from './static-files.ts';
import { prepareCollections, validateFile } from './validate.ts';
import type { OutputFile, Writer } from './write.ts';

export interface BuildOptions {
  /** Overrides the site's origin (`--origin`, else `SITE_ORIGIN`, else the site's default). */
  origin?: string;
  /** Minify client code and styles (default true). */
  minify?: boolean;
}

export interface BuildResult {
  diagnostics: Diagnostic[];
  /** How many content files were read. */
  fileCount: number;
  routes: Route[];
  catalogue?: Catalogue;
  /** Set only when the build succeeded and the output was written. */
  files?: OutputFile[];
}

/** Builds a site: content → catalogue → routes → pages and assets → writer. Writes nothing on error. */
export async function build(site: SiteDefinition, writer: Writer, options: BuildOptions = {}): Promise<BuildResult> {
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
  const result: BuildResult = { diagnostics, fileCount: sources.length, routes, catalogue };
  if (hasErrors(diagnostics)) return result;

  const assets = await bundleAssets({ islands: site.islands, startup: site.startup ?? {} }, site.styles, { minify: options.minify });
  diagnostics.push(...assets.diagnostics);
  if (!assets.manifest) return result;

  const siteContext = createSiteContext(site, options.origin);
  const pages: OutputFile[] = [];
  for (const route of routes) {
    const page = renderPage(route, { site, siteContext, catalogue, assets: assets.manifest });
    diagnostics.push(...page.diagnostics);
    if (page.html) pages.push({ path: route.outPath, contents: page.html });
  }
  if (hasErrors(diagnostics)) return result;

  const output = [...(await collectStaticFiles(site.publicDir)), ...(await collectStaticFiles(site.contentDir)), ...assets.files, ...pages];
  await writer.write(output);
  return { ...result, files: output };
}

/** Resolves the origin and the URL helper for one build. */
export function createSiteContext(site: SiteDefinition, originOverride?: string): SiteContext {
  const origin = (originOverride ?? process.env.SITE_ORIGIN ?? site.origin).replace(/\/+$/, '');
  return { name: site.name, lang: site.lang, origin, url: (path: string) => `${origin}${path}` };
}

function locator(files: readonly ParsedFile[]) {
  const byFile = new Map(files.map((file) => [file.source.file, file]));
  return (entry: Entry, fieldPath: PropertyKey[]) => locateField(byFile.get(entry.file)!, fieldPath);
}
