import type { Entry } from '../../src/index.ts';
import { slugOf } from '../../src/core/urls.ts';

/** An entry built in memory, with only what a test cares about given. */
export function makeEntry(collection: string, url: string, data: Record<string, unknown> = {}, extra: Partial<Entry> = {}): Entry {
  return {
    collection,
    url,
    slug: slugOf(url),
    file: `/content${url}.md`,
    relative: `${url.slice(1)}.md`,
    data: { title: `Title of ${url}`, description: `About ${url}`, ...data } as Entry['data'],
    body: '',
    bodyLine: 5,
    listPage: false,
    hidden: data.hidden === true,
    template: 'page',
    locale: 'en',
    translationKey: url,
    // Dates from the fields the firm's collections name (`dates: { published: 'createdDate', updated: 'updatedDate' }`).
    ...(data.createdDate || data.updatedDate
      ? { dates: { published: data.createdDate as string | undefined, updated: data.updatedDate as string | undefined } }
      : {}),
    ...extra,
  };
}
