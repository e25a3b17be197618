import fs from 'node:fs';
import path from 'node:path';
import { importModule } from '../launch/bundled.ts';
import { SITE_MODULE } from '../launch/cli-bundle-list.mjs';
import type { SiteDefinition } from './definition.ts';

export { SITE_MODULE };

/** Imports a project's site definition (its default export). */
export async function loadSite(root: string): Promise<SiteDefinition> {
  const file = path.resolve(root, SITE_MODULE);
  if (!fs.existsSync(file)) {
    throw new Error(`No site definition at ${file}. A project keeps its site in ${SITE_MODULE}, default-exporting defineSite({...}).`);
  }
  const module = (await importModule(file)) as { default?: SiteDefinition };
  if (!module.default) throw new Error(`${file} must default-export the site: export default defineSite({...}).`);
  return { ...module.default, module: file };
}

/** The site reading its content from another folder, when one is given. */
export function withContent(site: SiteDefinition, contentDir: string | undefined): SiteDefinition {
  return contentDir ? { ...site, contentDir: path.resolve(contentDir) } : site;
}
