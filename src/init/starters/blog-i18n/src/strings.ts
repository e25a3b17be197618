import { defineStrings, type UiStringKey } from 'stillsite';

/**
 * The site's own words in each language, read by `t('nav.skip')` in the templates. Every key of
 * the default locale's table must be in every other table: a missing one stops the build at its
 * table and key.
 */
export const strings = defineStrings({
  en: {
    'nav.skip': 'Skip to content',
    'switcher.label': 'Language',
    'switcher.missing': '(not translated)',
    'posts.heading': 'Posts',
    'footer.built': 'Built with stillsite.',
    'copy.button': 'Copy link',
    'copy.done': 'Link copied.',
    'copy.failed': 'Could not copy the link.',
  },
  de: {
    'nav.skip': 'Zum Inhalt springen',
    'switcher.label': 'Sprache',
    'switcher.missing': '(nicht übersetzt)',
    'posts.heading': 'Beiträge',
    'footer.built': 'Erstellt mit stillsite.',
    'copy.button': 'Link kopieren',
    'copy.done': 'Link kopiert.',
    'copy.failed': 'Der Link konnte nicht kopiert werden.',
  },
  fr: {
    'nav.skip': 'Aller au contenu',
    'switcher.label': 'Langue',
    'switcher.missing': '(non traduit)',
    'posts.heading': 'Articles',
    'footer.built': 'Réalisé avec stillsite.',
    'copy.button': 'Copier le lien',
    'copy.done': 'Lien copié.',
    'copy.failed': 'Impossible de copier le lien.',
  },
  es: {
    'nav.skip': 'Ir al contenido',
    'switcher.label': 'Idioma',
    'switcher.missing': '(sin traducir)',
    'posts.heading': 'Entradas',
    'footer.built': 'Hecho con stillsite.',
    'copy.button': 'Copiar enlace',
    'copy.done': 'Enlace copiado.',
    'copy.failed': 'No se pudo copiar el enlace.',
  },
  ar: {
    'nav.skip': 'انتقل إلى المحتوى',
    'switcher.label': 'اللغة',
    'switcher.missing': '(غير مترجمة)',
    'posts.heading': 'المقالات',
    'footer.built': 'صُنع باستخدام stillsite.',
    'copy.button': 'نسخ الرابط',
    'copy.done': 'تم نسخ الرابط.',
    'copy.failed': 'تعذّر نسخ الرابط.',
  },
});

/** The keys `t()` takes: a template that types its props with it (`PageProps<PostData, StringKey>`) does not compile with a typo'd key. */
export type StringKey = UiStringKey<typeof strings>;
