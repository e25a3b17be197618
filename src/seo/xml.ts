const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes text for an XML element or attribute value. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** Wraps text in CDATA; a `]]>` inside is split across two sections, the only way to carry it. */
export function cdata(text: string): string {
  return `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/** A `YYYY-MM-DD` date as midnight UTC; a date and time (as the `date()` schema helper keeps it) as it is. */
function utc(date: string): Date {
  return new Date(date.includes('T') ? date : `${date}T00:00:00Z`);
}

/** `2024-01-02` → `Tue, 02 Jan 2024 00:00:00 GMT` (RFC 822, as RSS 2.0 wants); `2024-01-02T10:30:00Z` → `… 10:30:00 GMT`. */
export function rfc822Date(date: string): string {
  return utc(date).toUTCString();
}

/** `2024-01-02` → `2024-01-02T00:00:00Z` (RFC 3339, as Atom wants). */
export function rfc3339Date(date: string): string {
  return utc(date).toISOString().replace('.000Z', 'Z');
}

/**
 * Makes root-relative `href` and `src` attributes absolute on the origin: a feed reader shows
 * content away from the site, where `/projects/acme` means nothing.
 */
export function absolutizeUrls(html: string, origin: string): string {
  return html.replace(/\b(href|src)="\/(?!\/)/g, `$1="${origin}/`);
}

/** The latest of some `YYYY-MM-DD` dates or UTC dates and times (they sort as text), or undefined for none. */
export function latestDate(dates: readonly (string | undefined)[]): string | undefined {
  return dates
    .filter((date): date is string => Boolean(date))
    .sort()
    .at(-1);
}
