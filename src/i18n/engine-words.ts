/**
 * The engine's own words that visitors see (the draft notice, the redirect page, the default
 * "not found" of `site serve` and the plain 404 page, the notice of a page shown in place of a missing translation), in
 * the page's language. English is the fallback for a language the table does not have.
 */
export interface EngineWords {
  draftNotice: string;
  /** The redirect page's title; `{to}` is the new path. */
  movedTitle: string;
  /** The redirect page's text; `{link}` is the link to the new path. */
  movedText: string;
  notFound: string;
  /** The engine's own 404 page, for a site without one: its title and heading, its text, and its link home. */
  notFoundTitle: string;
  notFoundText: string;
  homeLink: string;
  /** `{language}`: the page's locale's name; `{original}`: the language it is shown in. */
  fallbackNotice: string;
}

const WORDS: Record<string, EngineWords> = {
  en: {
    draftNotice: 'Draft: this page is shown by site serve and site build --drafts, and left out of site build.',
    movedTitle: 'Moved to {to}',
    movedText: 'This page has moved to {link}.',
    notFound: 'Not found',
    notFoundTitle: 'Page not found',
    notFoundText: 'There is no page at this address.',
    homeLink: 'Go to the home page',
    fallbackNotice: 'This page is not yet available in {language}. Shown here: the original ({original}).',
  },
  de: {
    draftNotice: 'Entwurf: Diese Seite zeigen site serve und site build --drafts; site build lässt sie aus.',
    movedTitle: 'Verschoben nach {to}',
    movedText: 'Diese Seite ist umgezogen nach {link}.',
    notFound: 'Nicht gefunden',
    notFoundTitle: 'Seite nicht gefunden',
    notFoundText: 'Unter dieser Adresse gibt es keine Seite.',
    homeLink: 'Zur Startseite',
    fallbackNotice: 'Diese Seite gibt es noch nicht auf {language}. Hier das Original ({original}).',
  },
  fr: {
    draftNotice: 'Brouillon : cette page est montrée par site serve et site build --drafts, et laissée de côté par site build.',
    movedTitle: 'Déplacée vers {to}',
    movedText: 'Cette page a été déplacée vers {link}.',
    notFound: 'Page introuvable',
    notFoundTitle: 'Page introuvable',
    notFoundText: 'Il n’y a pas de page à cette adresse.',
    homeLink: 'Aller à l’accueil',
    fallbackNotice: 'Cette page n’est pas encore disponible en {language}. Voici l’original ({original}).',
  },
  es: {
    draftNotice: 'Borrador: esta página la muestran site serve y site build --drafts, y site build la omite.',
    movedTitle: 'Movida a {to}',
    movedText: 'Esta página se ha movido a {link}.',
    notFound: 'No encontrada',
    notFoundTitle: 'Página no encontrada',
    notFoundText: 'No hay ninguna página en esta dirección.',
    homeLink: 'Ir a la página de inicio',
    fallbackNotice: 'Esta página aún no está disponible en {language}. Aquí está el original ({original}).',
  },
  ar: {
    draftNotice: 'مسودة: تعرض site serve و site build --drafts هذه الصفحة، ويستبعدها site build.',
    movedTitle: 'نُقلت إلى {to}',
    movedText: 'نُقلت هذه الصفحة إلى {link}.',
    notFound: 'غير موجودة',
    notFoundTitle: 'الصفحة غير موجودة',
    notFoundText: 'لا توجد صفحة بهذا العنوان.',
    homeLink: 'الذهاب إلى الصفحة الرئيسية',
    fallbackNotice: 'هذه الصفحة غير متوفرة بعد باللغة {language}. هذا هو الأصل ({original}).',
  },
  he: {
    draftNotice: 'טיוטה: הדף הזה מוצג על ידי site serve ו־site build --drafts, ו־site build משמיט אותו.',
    movedTitle: 'הועבר אל {to}',
    movedText: 'הדף הזה הועבר אל {link}.',
    notFound: 'לא נמצא',
    notFoundTitle: 'הדף לא נמצא',
    notFoundText: 'אין דף בכתובת הזו.',
    homeLink: 'לדף הבית',
    fallbackNotice: 'הדף הזה עדיין אינו זמין ב{language}. זהו המקור ({original}).',
  },
  fa: {
    draftNotice: 'پیش‌نویس: این صفحه را site serve و site build --drafts نشان می‌دهند و site build آن را کنار می‌گذارد.',
    movedTitle: 'منتقل شد به {to}',
    movedText: 'این صفحه به {link} منتقل شده است.',
    notFound: 'پیدا نشد',
    notFoundTitle: 'صفحه پیدا نشد',
    notFoundText: 'صفحه‌ای در این نشانی وجود ندارد.',
    homeLink: 'رفتن به صفحهٔ اصلی',
    fallbackNotice: 'این صفحه هنوز به {language} در دسترس نیست. این نسخهٔ اصلی است ({original}).',
  },
  zh: {
    draftNotice: '草稿：此页面仅由 site serve 和 site build --drafts 显示，site build 不会包含它。',
    movedTitle: '已移至 {to}',
    movedText: '此页面已移至 {link}。',
    notFound: '未找到',
    notFoundTitle: '页面未找到',
    notFoundText: '此地址没有页面。',
    homeLink: '前往首页',
    fallbackNotice: '此页面尚无{language}版本。以下为原文（{original}）。',
  },
  ja: {
    draftNotice: '下書き：このページは site serve と site build --drafts でのみ表示され、site build では除外されます。',
    movedTitle: '{to} に移動しました',
    movedText: 'このページは {link} に移動しました。',
    notFound: '見つかりません',
    notFoundTitle: 'ページが見つかりません',
    notFoundText: 'このアドレスにはページがありません。',
    homeLink: 'ホームページへ',
    fallbackNotice: 'このページはまだ{language}で提供されていません。原文（{original}）を表示しています。',
  },
  ko: {
    draftNotice: '초안: 이 페이지는 site serve와 site build --drafts에서만 표시되며 site build에서는 제외됩니다.',
    movedTitle: '{to}(으)로 이동함',
    movedText: '이 페이지는 {link}(으)로 이동했습니다.',
    notFound: '찾을 수 없음',
    notFoundTitle: '페이지를 찾을 수 없음',
    notFoundText: '이 주소에는 페이지가 없습니다.',
    homeLink: '홈페이지로 이동',
    fallbackNotice: '이 페이지는 아직 {language}(으)로 제공되지 않습니다. 원문({original})을 표시합니다.',
  },
  ru: {
    draftNotice: 'Черновик: эту страницу показывают site serve и site build --drafts, а site build её пропускает.',
    movedTitle: 'Перемещено: {to}',
    movedText: 'Эта страница перемещена: {link}.',
    notFound: 'Не найдено',
    notFoundTitle: 'Страница не найдена',
    notFoundText: 'По этому адресу страницы нет.',
    homeLink: 'На главную',
    fallbackNotice: 'Эта страница ещё не переведена ({language}). Показан оригинал ({original}).',
  },
  el: {
    draftNotice: 'Πρόχειρο: αυτή η σελίδα εμφανίζεται από τα site serve και site build --drafts και παραλείπεται από το site build.',
    movedTitle: 'Μεταφέρθηκε στο {to}',
    movedText: 'Αυτή η σελίδα μεταφέρθηκε στο {link}.',
    notFound: 'Δεν βρέθηκε',
    notFoundTitle: 'Η σελίδα δεν βρέθηκε',
    notFoundText: 'Δεν υπάρχει σελίδα σε αυτή τη διεύθυνση.',
    homeLink: 'Μετάβαση στην αρχική σελίδα',
    fallbackNotice: 'Αυτή η σελίδα δεν είναι ακόμη διαθέσιμη στα {language}. Εμφανίζεται το πρωτότυπο ({original}).',
  },
};

/** The languages the table has, by primary subtag. */
export const ENGINE_LANGUAGES = Object.keys(WORDS);

/** The engine's words for a language tag: its own (`de-AT` → `de`), else English. */
export function engineWords(tag: string | undefined): EngineWords {
  const language = (tag ?? 'en').toLowerCase().split(/[-_]/)[0]!;
  return WORDS[language] ?? WORDS.en!;
}

/** Fills `{name}` placeholders of one of the engine's words; values are put in as given (the caller escapes them). */
export function fill(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (written, name: string) => values[name] ?? written);
}
