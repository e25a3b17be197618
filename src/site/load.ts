import fs from 'node:fs';
import path from 'node:path';
import { SiteConfigError } from '../diagnostics/config-error.ts';
import { importBundle, importSiteCode } from './code.ts';
import type { Site, SiteDefinition } from './definition.ts';

/** The names a site definition may have at the project root, tried in this order. */
export const CONFIG_FILES = ['site.config.ts', 'site.config.tsx', 'site.config.mts', 'site.config.js', 'site.config.mjs'];

/**
 * Loads a project's site definition: the default export of `config` (else of the first of
 * `CONFIG_FILES` at `root`), through the one loader of site code. The definition may name
 * its folders relative to the project root.
 */
export async function loadSite(root: string, config?: string): Promise<Site> {
  const file = findConfig(root, config);
  const { module, code } = await importSiteCode(file, root);
  const definition = (module as { default?: SiteDefinition }).default;
  if (!definition) throw new SiteConfigError(`${path.relative(process.cwd(), file) || file} must default-export the site: export default defineSite({ ... }).`);
  return { ...definition, code: { module: code.file, hash: code.hash, files: code.inputs } };
}

/** A site definition from a bundle made by `loadSite` (in a worker thread). */
export async function loadSiteBundle(bundle: string): Promise<SiteDefinition> {
  const module = (await importBundle(bundle)) as { default?: SiteDefinition };
  if (!module.default) throw new Error(`${bundle} has no default export to render with.`);
  return module.default;
}

function findConfig(root: string, config: string | undefined): string {
  if (config) {
    const file = path.resolve(root, config);
    if (!fs.existsSync(file)) throw new SiteConfigError(`--config names ${file}, which does not exist.`);
    return file;
  }
  const found = CONFIG_FILES.map((name) => path.join(root, name)).find((file) => fs.existsSync(file));
  if (!found) {
    throw new SiteConfigError(
      `No site definition in ${root}: expected one of ${CONFIG_FILES.join(', ')} (or name it with --config FILE), default-exporting defineSite({ ... }). Run \`site init\` to start a site.`,
    );
  }
  return found;
}

/** The site reading its content from another folder, when one is given. */
export function withContent<T extends SiteDefinition>(site: T, contentDir: string | undefined): T {
  return contentDir ? { ...site, contentDir: path.resolve(contentDir) } : site;
}
