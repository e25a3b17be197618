import { defineStrings, type UiStringKey } from 'stillsite';

/**
 * The site's own words in each language, read by `t('nav.skip')` in the templates. Every key of
 * the default locale's table must be in every other table: a missing one stops the build at its
 * table and key. The sidebar's section labels are here too (`sidebar.section.<folder>`, see src/sidebar.ts).
 */
export const strings = defineStrings({
  en: {
    'nav.skip': 'Skip to content',
    'switcher.label': 'Language',
    'switcher.missing': '(not translated)',
    'sidebar.menu': 'Menu',
    'sidebar.label': 'Documentation',
    'sidebar.section.': 'Start here',
    'sidebar.section.start': 'Getting started',
    'sidebar.section.guides': 'Guides',
    'toc.label': 'On this page',
    'pager.label': 'Previous and next page',
    'pager.previous': 'Previous',
    'pager.next': 'Next',
    'theme.dark': 'Dark theme',
  },
  de: {
    'nav.skip': 'Zum Inhalt springen',
    'switcher.label': 'Sprache',
    'switcher.missing': '(nicht übersetzt)',
    'sidebar.menu': 'Menü',
    'sidebar.label': 'Dokumentation',
    'sidebar.section.': 'Hier beginnen',
    'sidebar.section.start': 'Erste Schritte',
    'sidebar.section.guides': 'Anleitungen',
    'toc.label': 'Auf dieser Seite',
    'pager.label': 'Vorherige und nächste Seite',
    'pager.previous': 'Zurück',
    'pager.next': 'Weiter',
    'theme.dark': 'Dunkles Design',
  },
  fr: {
    'nav.skip': 'Aller au contenu',
    'switcher.label': 'Langue',
    'switcher.missing': '(non traduit)',
    'sidebar.menu': 'Menu',
    'sidebar.label': 'Documentation',
    'sidebar.section.': 'Commencer ici',
    'sidebar.section.start': 'Premiers pas',
    'sidebar.section.guides': 'Guides',
    'toc.label': 'Sur cette page',
    'pager.label': 'Page précédente et suivante',
    'pager.previous': 'Précédent',
    'pager.next': 'Suivant',
    'theme.dark': 'Thème sombre',
  },
  es: {
    'nav.skip': 'Ir al contenido',
    'switcher.label': 'Idioma',
    'switcher.missing': '(sin traducir)',
    'sidebar.menu': 'Menú',
    'sidebar.label': 'Documentación',
    'sidebar.section.': 'Empieza aquí',
    'sidebar.section.start': 'Primeros pasos',
    'sidebar.section.guides': 'Guías',
    'toc.label': 'En esta página',
    'pager.label': 'Página anterior y siguiente',
    'pager.previous': 'Anterior',
    'pager.next': 'Siguiente',
    'theme.dark': 'Tema oscuro',
  },
  ar: {
    'nav.skip': 'انتقل إلى المحتوى',
    'switcher.label': 'اللغة',
    'switcher.missing': '(غير مترجمة)',
    'sidebar.menu': 'القائمة',
    'sidebar.label': 'التوثيق',
    'sidebar.section.': 'ابدأ هنا',
    'sidebar.section.start': 'الخطوات الأولى',
    'sidebar.section.guides': 'الأدلة',
    'toc.label': 'في هذه الصفحة',
    'pager.label': 'الصفحة السابقة والتالية',
    'pager.previous': 'السابق',
    'pager.next': 'التالي',
    'theme.dark': 'المظهر الداكن',
  },
});

/** The keys `t()` takes: a template that types its props with it (`PageProps<DocData, StringKey>`) does not compile with a typo'd key. */
export type StringKey = UiStringKey<typeof strings>;
