import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { SiteConfigError, SiteDefinitionError } from '../diagnostics/config-error.ts';
import { codeFolder, importBundle, importSiteCode, type Bundle } from './code.ts';
import type { Site, SiteDefinition, SiteInput } from './definition.ts';
import { siteLocator } from './locate.ts';
import { checkSite, resolveSitePaths } from './validate.ts';
import { diagnose, phrase } from '../diagnostics/catalogue/index.ts';

/** The names a site definition may have at the project root, tried in this order. */
export const CONFIG_FILES = ['site.config.ts', 'site.config.tsx', 'site.config.mts', 'site.config.js', 'site.config.mjs'];

export interface LoadOptions {
  /** Read content from this folder instead of the site's own (`--content`; relative to the working folder). */
  contentDir?: string;
}

/**
 * Loads a project's site definition: the default export of `config` (else of the first of
 * `CONFIG_FILES` at `root`), through the one loader of site code, and checks it (`checkSite`).
 * The definition may name its folders relative to the project root; the site returned has them
 * absolute. A definition with mistakes, or code that fails to bundle or throws as it loads,
 * rejects with a `SiteDefinitionError` whose diagnostics point at the site's module.
 */
export async function loadSite(root: string, config?: string, options: LoadOptions = {}): Promise<Site> {
  const file = findConfig(root, config);
  const { module, code } = await importSite(file, root);
  const definition = (module as { default?: SiteInput }).default;
  if (!definition) throw new SiteConfigError(phrase('site-no-default-export', { file: path.relative(process.cwd(), file) || file }));
  const locate = siteLocator(file, code.inputs);
  const checked = checkSite(withContent(definition, options.contentDir), root, locate);
  if (!checked.site) throw new SiteDefinitionError(checked.diagnostics, root);
  return { ...checked.site, code: { module: code.file, hash: code.hash, files: code.inputs }, locate };
}

/**
 * A site definition from a bundle made by `loadSite` (in a worker thread), its paths made absolute
 * as `loadSite` made them: the bundle lies in the project's code folder, which names the project root.
 */
export async function loadSiteBundle(bundle: string): Promise<SiteDefinition> {
  const module = (await importBundle(bundle)) as { default?: SiteInput };
  if (!module.default) throw new Error(phrase('site-bundle-no-default-export', { bundle }));
  const projectRoot = path.resolve(path.dirname(bundle), '..', '..');
  if (codeFolder(projectRoot) !== path.dirname(bundle))
    throw new Error(phrase('site-bundle-outside-code-folder', { bundle, folder: codeFolder('<root>') }));
  return resolveSitePaths(module.default, projectRoot);
}

/** Bundles and imports the site module; its code's mistakes (a syntax error, a throw as it loads) become diagnostics. */
async function importSite(file: string, root: string): Promise<{ module: unknown; code: Bundle }> {
  try {
    return await importSiteCode(file, root);
  } catch (error) {
    throw new SiteDefinitionError(codeDiagnostics(error, file, root), root);
  }
}

/** What esbuild reports (each error where it is), or the error the module threw (its stack shown with --verbose). */
function codeDiagnostics(error: unknown, file: string, root: string): Diagnostic[] {
  const reported = (error as { errors?: Array<{ text: string; location?: { file: string; line: number; column: number } | null }> }).errors;
  if (Array.isArray(reported) && reported.length > 0) {
    return reported.map((message) => ({
      ...diagnose('invalid-site-code', { kind: 'bundle', reason: message.text }),
      file: message.location ? path.resolve(root, message.location.file) : file,
      line: message.location?.line,
      column: message.location ? message.location.column + 1 : undefined,
    }));
  }
  const thrown = error instanceof Error ? error : new Error(String(error));
  return [
    {
      ...diagnose('invalid-site-code', { kind: 'load', reason: thrown.message }),
      ...thrownAt(thrown, file),
      detail: thrown.stack,
    },
  ];
}

/** The innermost frame of the site's own code in a stack (source-mapped to its files), else the site module. */
function thrownAt(error: Error, file: string): Pick<Diagnostic, 'file' | 'line' | 'column'> {
  for (const match of (error.stack ?? '').matchAll(/\(?((?:file:\/\/)?\/[^():\s]+):(\d+):(\d+)\)?$/gm)) {
    const frame = match[1]!.startsWith('file:') ? fileURLToPath(match[1]!) : match[1]!;
    if (frame.includes(`${path.sep}node_modules${path.sep}`) || !frame.startsWith(path.dirname(file))) continue;
    return { file: frame, line: Number(match[2]), column: Number(match[3]) };
  }
  return { file };
}

function findConfig(root: string, config: string | undefined): string {
  if (config) {
    const file = path.resolve(root, config);
    if (!fs.existsSync(file)) throw new SiteConfigError(phrase('site-config-missing', { file }));
    return file;
  }
  const found = CONFIG_FILES.map((name) => path.join(root, name)).find((file) => fs.existsSync(file));
  if (!found) {
    throw new SiteConfigError(phrase('site-definition-missing', { root, files: CONFIG_FILES.join(', ') }));
  }
  return found;
}

/** The site reading its content from another folder, when one is given. */
export function withContent<T extends SiteInput>(site: T, contentDir: string | undefined): T {
  return contentDir ? { ...site, contentDir: path.resolve(contentDir) } : site;
}
