import type { LayoutProps, Translate } from 'stillsite';

/**
 * Links to this page in every language of the site, each named in its own language. A language
 * the page has no translation in leads to that language's home page, and says so. Shared by the
 * blog and the docs starter in several languages; its `t` takes the two keys it needs, which
 * both sites' tables have.
 */
export function LanguageSwitcher({
  translations,
  t,
}: Pick<LayoutProps, 'translations'> & { t: Translate<'switcher.label' | 'switcher.missing'> }) {
  return (
    <nav aria-label={t('switcher.label')} className="switcher">
      <ul>
        {translations.map((translation) => (
          <li key={translation.locale.code}>
            <a
              href={translation.url}
              hrefLang={translation.locale.lang}
              lang={translation.locale.lang}
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
