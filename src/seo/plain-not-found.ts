import type { OutputFile } from '../output/write.ts';
import type { Route } from '../routes/routes.ts';
import type { SiteDefinition } from '../site/definition.ts';
import { escapeXml } from './xml.ts';

/**
 * The engine's own `404.html`, for a site that names no `notFound` page and has no `/404`: a
 * static host serves it for unknown paths, as `site serve` does. Plain HTML, no script or style,
 * so it needs nothing of the site's assets and no entry in the headers' hashes.
 */
export function plainNotFoundFiles(site: Pick<SiteDefinition, 'lang' | 'name'>, routes: readonly Route[]): OutputFile[] {
  if (routes.some((route) => route.outPath === '404.html')) return [];
  const contents = [
    '<!DOCTYPE html>',
    `<html lang="${escapeXml(site.lang)}">`,
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>Page not found · ${escapeXml(site.name)}</title>`,
    '<h1>Page not found</h1>',
    '<p>There is no page at this address. <a href="/">Go to the home page</a>.</p>',
    '</html>',
    '',
  ].join('\n');
  return [{ path: '404.html', contents }];
}
