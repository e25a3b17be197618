import fs from 'node:fs';

/** A file the starter writes: copied from the starter's folder, or text made for this site. */
export type PlannedFile = { file: string; from: string } | { file: string; text: string };

/** The languages the multilingual starter is written in; its `content/` is English, each other's is `content/<code>/`. */
export const TRANSLATED = ['en', 'de', 'fr', 'es', 'ar'] as const;

export interface MultilingualPlan {
  files: PlannedFile[];
  /** Which locales got another language's text, to be translated. */
  notes: string[];
}

/**
 * The files of a starter in several languages (the blog's or the docs', see `starterPlan` in
 * scaffold.ts) for `locales`, the first of them the default: its `content/` holds the default
 * locale's pages, `content/<code>/` each other's, and site.config.tsx and src/strings.ts name
 * exactly these locales (the engine refuses a table of words for a locale the site does not
 * declare). A locale the starter has no text in (`ja`) gets that of its language (`de-AT` takes
 * `de`), else the default locale's, and a note to translate it. `files` are the starter's files as
 * a site names them; `locate` gives the stored file each is read from.
 */
export function multilingualPlan(files: readonly string[], locate: (file: string) => string, locales: readonly string[]): MultilingualPlan {
  const defaultLocale = locales[0]!;
  const written = locales.map((code) => ({ code, source: translatedAs(code) }));
  const defaultSource = written[0]!.source ?? 'en';
  const englishPages = files.filter(
    (file) => file.startsWith('content/') && !TRANSLATED.some((code) => file.startsWith(`content/${code}/`)),
  );
  const planned: PlannedFile[] = files
    .filter((file) => !file.startsWith('content/') && file !== 'site.config.tsx' && file !== 'src/strings.ts')
    .map((file) => ({ file, from: locate(file) }));
  for (const { code, source } of written) {
    const from = source ?? defaultSource;
    for (const page of englishPages) {
      const relative = page.slice('content/'.length);
      planned.push({
        file: code === defaultLocale ? page : `content/${code}/${relative}`,
        from: locate(from === 'en' ? page : `content/${from}/${relative}`),
      });
    }
  }
  const config = locate('site.config.tsx');
  planned.push({ file: 'site.config.tsx', text: siteConfig(config, fs.readFileSync(config, 'utf8'), locales) });
  const strings = locate('src/strings.ts');
  planned.push({ file: 'src/strings.ts', text: stringsModule(strings, fs.readFileSync(strings, 'utf8'), written, defaultSource) });
  planned.sort((a, b) => (a.file < b.file ? -1 : 1));
  const untranslated = written.filter(({ source }) => !source).map(({ code }) => code);
  const notes = untranslated.map(
    (code) =>
      `${code === defaultLocale ? 'content/' : `content/${code}/`} and the ${code} table of src/strings.ts hold the ${languageName(defaultSource)} text: translate these.`,
  );
  return { files: planned, notes };
}

/** The starter's language whose text a locale gets: its own, or its language's (`pt-BR` → none, `de-CH` → `de`). */
function translatedAs(code: string): string | undefined {
  const language = new Intl.Locale(code).language;
  return TRANSLATED.find((translated) => translated === code) ?? TRANSLATED.find((translated) => translated === language);
}

function languageName(code: string): string {
  return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
}

/** The starter's site definition with these locales, the first the default and the site's `lang`. */
function siteConfig(file: string, text: string, locales: readonly string[]): string {
  const list = `[${locales.map((code) => `'${code}'`).join(', ')}]`;
  return [
    ["  lang: 'en',\n", `  lang: '${locales[0]}',\n`],
    ["    defaultLocale: 'en',\n", `    defaultLocale: '${locales[0]}',\n`],
    [`    locales: [${TRANSLATED.map((code) => `'${code}'`).join(', ')}],\n`, `    locales: ${list},\n`],
  ].reduce((config, [from, to]) => replaceOnce(file, config, from!, to!), text);
}

/** The starter's tables of words (`  de: {` … `  },`, as biome formats them), kept for these locales only, in their order. */
function stringsModule(
  file: string,
  text: string,
  written: ReadonlyArray<{ code: string; source: string | undefined }>,
  defaultSource: string,
): string {
  const table = /^ {2}(\w+): (\{\n[\s\S]*?\n {2}\}),\n/gm;
  const tables = new Map([...text.matchAll(table)].map((match) => [match[1]!, match[2]!]));
  const first = text.search(table);
  if (first < 0 || !TRANSLATED.every((code) => tables.has(code))) throw new Error(`${file}: a table per language of the starter expected`);
  const key = (code: string) => (/^[a-z]+$/.test(code) ? code : `'${code}'`);
  const kept = written.map(({ code, source }) => `  ${key(code)}: ${tables.get(source ?? defaultSource)},\n`).join('');
  return text.slice(0, first) + kept + text.slice(first).replace(table, '');
}

function replaceOnce(file: string, text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`${file}: one ${JSON.stringify(from.trim())} expected`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}
