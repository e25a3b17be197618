import { defineCollection, defineSite, Island, z, type LayoutProps, type PageProps } from 'stillsite';
import Search from './islands/Search.tsx';

/** `true` turns the search on: one index per locale (by `<html lang>`), and the header's Search finds pages of its own language. */
const search = false;

/** The interface words of each locale: `t('nav.home')`. A key the English table has and another lacks fails the build. */
const strings = {
  en: { 'nav.home': 'Home', 'nav.about': 'About', 'switcher.label': 'Language', 'posts.heading': 'Posts', 'post.published': 'Published {date}', 'switcher.missing': '(not translated)', 'search.label': 'Search', 'search.noScript': 'Search needs JavaScript.', 'search.close': 'Close', 'search.more': 'Show more results', 'search.prompt': 'Type to search the site.', 'search.searching': 'Searching…', 'search.failed': 'The search could not be loaded.', 'search.none': 'No results for “{query}”.', 'search.one': '{count} result for “{query}”.', 'search.other': '{count} results for “{query}”.' },
  de: { 'nav.home': 'Start', 'nav.about': 'Über uns', 'switcher.label': 'Sprache', 'posts.heading': 'Beiträge', 'post.published': 'Veröffentlicht am {date}', 'switcher.missing': '(nicht übersetzt)', 'search.label': 'Suche', 'search.noScript': 'Die Suche braucht JavaScript.', 'search.close': 'Schließen', 'search.more': 'Weitere Treffer', 'search.prompt': 'Tippen, um die Website zu durchsuchen.', 'search.searching': 'Suche läuft…', 'search.failed': 'Die Suche ließ sich nicht laden.', 'search.none': 'Keine Treffer für „{query}“.', 'search.one': '{count} Treffer für „{query}“.', 'search.other': '{count} Treffer für „{query}“.' },
  ar: { 'nav.home': 'الرئيسية', 'nav.about': 'من نحن', 'switcher.label': 'اللغة', 'posts.heading': 'المقالات', 'post.published': 'نُشر في {date}', 'switcher.missing': '(غير مترجم)', 'search.label': 'بحث', 'search.noScript': 'يحتاج البحث إلى JavaScript.', 'search.close': 'إغلاق', 'search.more': 'عرض المزيد من النتائج', 'search.prompt': 'اكتب للبحث في الموقع.', 'search.searching': 'جارٍ البحث…', 'search.failed': 'تعذّر تحميل البحث.', 'search.none': 'لا نتائج لـ «{query}».', 'search.one': 'نتيجة واحدة لـ «{query}».', 'search.other': '{count} نتيجة لـ «{query}».' },
};

const pageFields = z.strictObject({
  title: z.string().min(1),
  description: z.string().min(1),
  hidden: z.boolean().optional(),
});

/** Posts, in every locale: `posts/x.md`, `de/posts/x.md`, `ar/posts/x.md` are one post in three languages. */
const posts = defineCollection({
  name: 'posts',
  include: ['posts/*.md'],
  schema: (h) => pageFields.extend({ date: h.date() }),
  template: 'post',
  dates: { published: 'date' },
});

/** Every other page: the home page, about (`about.md`, `about.de.md`, `about.ar.md`), the 404 page. */
const pages = defineCollection({
  name: 'pages',
  include: ['*.md'],
  schema: () => pageFields,
  template: 'page',
});

/** Links to the page in each language; a language without a translation leads to its home and says so. */
function LanguageSwitcher({ translations, t }: Pick<PageProps, 'translations' | 't'>) {
  return (
    <nav aria-label={t('switcher.label')} className="switcher">
      <ul>
        {translations.map((translation) => (
          <li key={translation.locale.code}>
            <a
              href={translation.url}
              hrefLang={translation.locale.lang}
              lang={translation.locale.lang}
              title={translation.title}
              aria-current={translation.current ? 'page' : undefined}
            >
              {translation.locale.name}
            </a>
            {translation.missing ? <small>{t('switcher.missing')}</small> : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The search's words in the page's language, from the tables above. */
function searchWords(t: LayoutProps['t']) {
  const words = { close: t('search.close'), more: t('search.more'), prompt: t('search.prompt'), searching: t('search.searching') };
  const found = { failed: t('search.failed'), none: t('search.none'), results: { one: t('search.one'), other: t('search.other') } };
  return { label: t('search.label'), noScript: t('search.noScript'), words: { ...words, ...found } };
}

/** Around every page: the site's menu in the page's language, and the language switcher. */
function Layout({ children, site, t, translations, locale }: LayoutProps) {
  const home = locale.home;
  return (
    <>
      <header>
        <a href={home} className="brand">
          {site.name}
        </a>
        <nav aria-label="Site">
          <a href={home}>{t('nav.home')}</a> <a href={`${home === '/' ? '' : home}/about`}>{t('nav.about')}</a>
        </nav>
        <LanguageSwitcher translations={translations} t={t} />
        {site.search ? <Island name="Search" component={Search} props={searchWords(t)} /> : null}
      </header>
      <main>{children}</main>
    </>
  );
}

/** A page; the home page lists the posts of its own locale, newest first, dated for the locale. */
function Page({ entry, html, catalogue, formatDate, t }: PageProps) {
  const list = entry.url === '/' || /^\/\w+$/.test(entry.url) ? catalogue.collection<z.infer<typeof pageFields> & { date: string }>('posts', { order: 'newest' }) : [];
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      {list.length ? (
        <section>
          <h2>{t('posts.heading')}</h2>
          <ul className="posts">
            {list.map((post) => (
              <li key={post.url}>
                <a href={post.url}>{post.data.title}</a> <time dateTime={post.data.date}>{formatDate(post.data.date)}</time>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

/** A post: its title, its date written for its locale, its body. */
function Post({ entry, html, formatDate, t }: PageProps<z.infer<typeof pageFields> & { date: string }>) {
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <p className="date">
        <time dateTime={entry.data.date}>{t('post.published', { date: formatDate(entry.data.date) })}</time>
      </p>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

export default defineSite({
  name: 'Polyglot',
  lang: 'en',
  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'de', { code: 'ar', name: 'العربية', dir: 'rtl', lang: 'ar' }],
    strings,
  },
  origin: 'https://polyglot.example',
  contentDir: 'content',
  publicDir: 'public',
  favicon: '/favicon.svg',
  collections: [posts, pages],
  templates: { page: { component: Page, styles: ['main'] }, post: { component: Post, styles: ['main'] } },
  layout: Layout,
  styles: { main: 'styles.css' },
  // The search's island is declared only with the search on, so the site without it ships none of its code.
  islands: search ? { Search: 'islands/Search.tsx' } : {},
  search,
  notFound: '/404',
  // One feed per locale: /rss.xml lists the English posts, /de/rss.xml the German ones, in their language.
  feeds: [{ collection: 'posts', title: 'Polyglot', description: 'Posts of Polyglot', rss: '/rss.xml', atom: '/atom.xml' }],
});
