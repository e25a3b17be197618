import { engineWords } from '../i18n/engine-words.ts';
import { localesOf, type Locale } from '../i18n/locales.ts';
import type { OutputFile } from '../output/write.ts';
import type { Route } from '../routes/routes.ts';
import type { SiteDefinition } from '../site/definition.ts';
import { escapeXml } from './xml.ts';

/**
 * The engine's own `404.html`, for a site that names no `notFound` page and has no `/404`: a
 * static host serves it for unknown paths, as `site serve` does. Plain HTML, no script or style,
 * so it needs nothing of the site's assets and no entry in the headers' hashes. A multilingual
 * site gets one per locale without its own (`de/404.html`), in the locale's language and
 * direction, leading to that locale's home.
 */
export function plainNotFoundFiles(site: Pick<SiteDefinition, 'lang' | 'name' | 'i18n'>, routes: readonly Route[]): OutputFile[] {
  const locales = localesOf(site);
  const written = new Set(routes.map((route) => route.outPath));
  return locales.list.flatMap((locale) => {
    const prefix = locales.prefix(locale.code);
    const path = `${prefix.slice(1)}${prefix ? '/' : ''}404.html`;
    if (written.has(path)) return [];
    // A site without i18n keeps its one `lang` as written.
    return [{ path, contents: plainNotFound(site.name, locales.multilingual ? locale : { ...locale, lang: site.lang }, prefix || '/') }];
  });
}

function plainNotFound(siteName: string, locale: Locale, home: string): string {
  const words = engineWords(locale.lang);
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeXml(locale.lang)}"${locale.dir === 'rtl' ? ' dir="rtl"' : ''}>`,
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeXml(words.notFoundTitle)} · ${escapeXml(siteName)}</title>`,
    `<h1>${escapeXml(words.notFoundTitle)}</h1>`,
    `<p>${escapeXml(words.notFoundText)} <a href="${escapeXml(home)}">${escapeXml(words.homeLink)}</a></p>`,
    '</html>',
    '',
  ].join('\n');
}
