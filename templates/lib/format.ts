const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** `2024-03-12` (or `2024-03-12T10:00:00Z`) → `March 12, 2024`, the same on every machine. */
export function formatDate(date: string): string {
  return longDate.format(new Date(date.includes('T') ? date : `${date}T00:00:00Z`));
}

/** Minutes to read a Markdown body at 230 words a minute, at least one. */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter((word) => /\w/.test(word)).length;
  return Math.max(1, Math.round(words / 230));
}
