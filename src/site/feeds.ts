import type { Catalogue } from '../content/catalogue.ts';
import type { Entry } from '../content/entry.ts';
import type { SiteContext } from './context.ts';

/** Who wrote a feed item. */
export interface FeedAuthor {
  name: string;
  /** An absolute URL: the author's page. */
  url?: string;
}

/** A feed of one collection's visible, dated entries (those with the date its `dates.published` names), newest first, each with its full content. */
export interface FeedDefinition {
  /** The collection whose visible entries (list pages left out) become the items. */
  collection: string;
  title: string;
  description: string;
  /** Root-relative path of the page the feed mirrors, e.g. `/blogs` (default `/`). */
  link?: string;
  /** Root-relative path of the RSS 2.0 feed, e.g. `/blogs/rss.xml`. */
  rss: string;
  /** Root-relative path of the Atom feed, e.g. `/blogs/atom.xml`. */
  atom: string;
  /** The author of an item (default: the site, by name). */
  author?(entry: Entry, catalogue: Catalogue, site: SiteContext): FeedAuthor;
}

/** What `robots.txt` asks of crawlers. */
export interface RobotsDefinition {
  /** Path prefixes crawlers should not fetch, e.g. `/dev/` (default none). */
  disallow?: string[];
}

/** A feed as a page's head links to it. */
export interface FeedLink {
  title: string;
  href: string;
  type: 'application/rss+xml' | 'application/atom+xml';
}

/** The head links of every feed of a site: RSS first, then Atom. */
export function feedLinks(feeds: readonly FeedDefinition[] = []): FeedLink[] {
  return feeds.flatMap((feed) => [
    { title: feed.title, href: feed.rss, type: 'application/rss+xml' as const },
    { title: `${feed.title} (Atom)`, href: feed.atom, type: 'application/atom+xml' as const },
  ]);
}
