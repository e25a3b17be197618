import { engineWords, fill } from '../i18n/engine-words.ts';
import type { Locale } from '../i18n/locales.ts';

/** The text on a draft's page: what a draft is, so no one mistakes the preview for the site (in English; a page gets its language's, see `engineWords`). */
export const DRAFT_NOTICE = engineWords('en').draftNotice;

/** The notice as markup: plain text, which needs nothing of the Content-Security-Policy; a site may style `[data-draft-notice]`. */
const notice = (lang?: string) => `<p data-draft-notice="" role="note">${escapeText(engineWords(lang).draftNotice)}</p>`;

/**
 * Marks a draft's rendered page: the notice goes first inside its `<main>`, which client-side
 * navigation swaps, so it comes and goes with the page; a page without one gets it first in
 * its `<body>`. (Written into the markup, since `<main>` is the site's layout's, not the engine's.)
 */
export function markDraft(html: string, lang?: string): string {
  return insertNotice(html, notice(lang));
}

/** Puts a notice first inside the page's `<main>`, else first in its `<body>` (see `markDraft`). */
export function insertNotice(html: string, NOTICE: string): string {
  const main = /<main\b[^>]*>/.exec(html);
  if (main) return html.slice(0, main.index + main[0].length) + NOTICE + html.slice(main.index + main[0].length);
  const body = /<body\b[^>]*>/.exec(html);
  return body ? html.slice(0, body.index + body[0].length) + NOTICE + html.slice(body.index + body[0].length) : NOTICE + html;
}

/** Marks a page shown in place of a missing translation (`i18n.fallback`): a notice in the locale's words, naming the original's language. */
export function markFallback(html: string, locale: Locale, original: Locale): string {
  const text = fill(engineWords(locale.lang).fallbackNotice, { language: locale.name, original: original.name });
  return insertNotice(html, `<p data-fallback-notice="" role="note" lang="${escapeText(locale.lang)}">${escapeText(text)}</p>`);
}

/** Text for an element's content or a quoted attribute. */
function escapeText(text: string): string {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
