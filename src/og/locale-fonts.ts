import type { OgFont } from '../site/social-images.ts';

/** The fonts an image in one language is drawn with, and which `localeFonts` key chose them. */
export interface FontsForLang {
  /** The `localeFonts` key that matched, or '' when none did (the site's `fonts` alone). */
  key: string;
  /** The key's fonts first, then the site's. */
  fonts: OgFont[];
}

/**
 * The fonts for an image whose text is in `lang`: the longest `localeFonts` key that is `lang`
 * or a prefix of it at a subtag boundary (`zh-Hant-TW`, then `zh-Hant`, then `zh`, in any case),
 * as BCP 47 lookup does, before the site's `fonts`.
 */
export function fontsForLang(lang: string | undefined, fonts: readonly OgFont[], localeFonts?: Record<string, OgFont[]>): FontsForLang {
  const key = localeFontsKey(lang, localeFonts);
  return { key, fonts: key ? [...localeFonts![key]!, ...fonts] : [...fonts] };
}

/** The `localeFonts` key that `lang` falls under, or '' (see `fontsForLang`). */
export function localeFontsKey(lang: string | undefined, localeFonts?: Record<string, OgFont[]>): string {
  if (!lang || !localeFonts) return '';
  const keys = new Map(Object.keys(localeFonts).map((key) => [key.toLowerCase(), key]));
  const subtags = lang.toLowerCase().split('-');
  for (let count = subtags.length; count > 0; count--) {
    const key = keys.get(subtags.slice(0, count).join('-'));
    if (key !== undefined) return key;
  }
  return '';
}
