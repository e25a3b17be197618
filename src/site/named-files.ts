import path from 'node:path';
import { inputBounds, type InputBounds } from '../safety/input-bounds.ts';
import type { Site, SiteDefinition } from './definition.ts';

/**
 * What a site names by path instead of importing: its stylesheets, islands, startup modules,
 * social-image templates and fonts. The site's code bundle does not hold them, yet an edit to one
 * changes the build as a code edit does. The folders they sit in count as a whole, so what a
 * stylesheet or an island imports beside it counts too; a file at the project's root counts alone
 * (its folder would be the whole project).
 */
export function namedFiles(site: SiteDefinition): {
  folders: string[];
  files: string[];
} {
  const named = [
    ...Object.values(site.styles),
    ...Object.values(site.islands),
    ...Object.values(site.startup ?? {}),
    ...Object.values(site.og?.templates ?? {}),
    ...(site.og?.fonts ?? []).map((font) => font.file),
    ...Object.values(site.og?.localeFonts ?? {}).flatMap((fonts) => fonts.map((font) => font.file)),
  ].map((file) => path.resolve(site.root, file));
  const root = path.resolve(site.root);
  const folders = new Set<string>();
  const files = new Set<string>();
  for (const file of named) {
    const folder = path.dirname(file);
    if (folder === root || !folder.startsWith(root + path.sep)) files.add(file);
    else folders.add(folder);
  }
  return { folders: [...folders].sort(), files: [...files].sort() };
}

/**
 * The bounds of a site's inputs (see `inputBounds`), knowing its source: the files of its code
 * bundle (the site definition and what it imports) and the folders holding them (the templates'
 * folder), with the files it names by path and their folders. A link to any of them is refused.
 */
export function siteBounds(site: Site, outDir?: string): InputBounds {
  const named = namedFiles(site);
  const files = [...(site.code?.files ?? []), ...named.files];
  return inputBounds({ ...site, source: { files, folders: [...files.map((file) => path.dirname(file)), ...named.folders] } }, outDir);
}
