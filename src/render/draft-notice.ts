/** The text on a draft's page: what a draft is, so no one mistakes the preview for the site. */
export const DRAFT_NOTICE = 'Draft: this page is shown by site serve and site build --drafts, and left out of site build.';

/** The notice as markup: plain text, which needs nothing of the Content-Security-Policy; a site may style `[data-draft-notice]`. */
const NOTICE = `<p data-draft-notice="" role="note">${DRAFT_NOTICE}</p>`;

/**
 * Marks a draft's rendered page: the notice goes first inside its `<main>`, which client-side
 * navigation swaps, so it comes and goes with the page; a page without one gets it first in
 * its `<body>`. (Written into the markup, since `<main>` is the site's layout's, not the engine's.)
 */
export function markDraft(html: string): string {
  const main = /<main\b[^>]*>/.exec(html);
  if (main) return html.slice(0, main.index + main[0].length) + NOTICE + html.slice(main.index + main[0].length);
  const body = /<body\b[^>]*>/.exec(html);
  return body ? html.slice(0, body.index + body[0].length) + NOTICE + html.slice(body.index + body[0].length) : NOTICE + html;
}
