/** A `YYYY-MM-DD` date as people read it, in a `<time>` that machines can read too. */
export function PublishedDate({ date }: { date: string }) {
  const readable = new Date(`${date}T00:00:00Z`).toLocaleDateString('en', { dateStyle: 'long', timeZone: 'UTC' });
  return <time dateTime={date}>{readable}</time>;
}
