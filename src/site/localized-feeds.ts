import { normalizeUrlPath } from '../core/urls.ts';
import type { FeedDefinition } from './feeds.ts';
import type { Locale, Locales } from '../i18n/locales.ts';

/** A feed of one locale: the site's feed with its files and link under the locale's prefix (`/de/blog/rss.xml`). */
export interface LocalizedFeed {
  feed: FeedDefinition;
  locale: Locale;
}

/**
 * Each feed once per locale of a multilingual site, listing that locale's entries; a
 * single-locale site's feeds as they are, in its one locale.
 */
export function localizedFeeds(feeds: readonly FeedDefinition[] = [], locales: Locales): LocalizedFeed[] {
  if (!locales.multilingual) return feeds.map((feed) => ({ feed, locale: locales.default }));
  return locales.list.flatMap((locale) => {
    const prefix = locales.prefix(locale.code);
    const under = (url: string) => (prefix ? normalizeUrlPath(`${prefix}${url}`) : url);
    return feeds.map((feed) => ({
      locale,
      feed: { ...feed, rss: under(feed.rss), atom: under(feed.atom), ...((feed.link || prefix) && { link: under(feed.link ?? '/') }) },
    }));
  });
}
