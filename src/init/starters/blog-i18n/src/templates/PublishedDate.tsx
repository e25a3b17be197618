import type { PageProps } from 'stillsite';

/** A `YYYY-MM-DD` date as readers of the page's language write it, in a `<time>` that machines can read too. */
export function PublishedDate({ date, formatDate }: { date: string; formatDate: PageProps['formatDate'] }) {
  return <time dateTime={date}>{formatDate(date)}</time>;
}
