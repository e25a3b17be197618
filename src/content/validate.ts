import micromatch from 'micromatch';
import { isNameOfDots } from './walk.ts';
import type { z } from 'zod';
import type { Entry } from './entry.ts';
import { formatField, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { describeIssues } from './schema-issues.ts';
import { locateField } from './locate.ts';
import type { SplitFile } from './parse.ts';
import { checkFileName } from '../safety/file-names.ts';
import { checkFrontMatterUrls } from './front-matter-safety.ts';
import type { CollectionDefinition, ContentSite } from './collection.ts';
import type { BaseData } from './entry.ts';
import { validatingFile, type SchemaHelpers } from './schema-helpers.ts';
import { slugOf, urlForContentFile, type TrailingSlash } from '../core/urls.ts';
import { computeFields, datesOf, readDraft } from './entry-fields.ts';
import { computedFieldHint, diagnose, severityOf, phrase } from '../diagnostics/catalogue/index.ts';
import { localesOf, type Locales } from '../i18n/locales.ts';
import { localizedUrl, placeOf, undeclaredLocaleFolder } from '../i18n/content-paths.ts';
import { readTranslationKey, TRANSLATION_KEY_FIELD } from './translation-key.ts';

/** A collection with its schema built once per build. */
export interface PreparedCollection {
  definition: CollectionDefinition<BaseData>;
  schema: z.ZodType<BaseData>;
  /** Whether a file (path relative to the content folder) belongs to the collection: its globs, compiled once. */
  holds: (relative: string) => boolean;
  /** Whether the collection's `include` matches a file that its `exclude` removes. */
  excludes: (relative: string) => boolean;
  /** The site's locales: a collection's globs match a file by its path without locale folder or suffix (see `i18n/content-paths.ts`). */
  locales: Locales;
}

/** Builds each collection's schema with the site's helpers, and its file matcher. */
export function prepareCollections(
  site: { collections: readonly CollectionDefinition<any>[]; lang?: string; i18n?: ContentSite['i18n'] },
  helpers: SchemaHelpers,
): PreparedCollection[] {
  const locales = localesOf(site);
  // Collections apply to every locale: `de/posts/x.md` is matched as `posts/x.md` is.
  const neutral = locales.multilingual ? (relative: string) => placeOf(relative, locales).path : (relative: string) => relative;
  return site.collections.map((definition) => {
    const included = anyOf(definition.include ?? []);
    const excluded = anyOf(definition.exclude ?? []);
    return {
      definition,
      schema: definition.schema(helpers),
      holds: (relative: string) => included(neutral(relative)) && !excluded(neutral(relative)),
      excludes: (relative: string) => included(neutral(relative)) && excluded(neutral(relative)),
      locales,
    };
  });
}

/**
 * Whether a file is left out by the collections: some collection's `include` matches it and its
 * `exclude` removes it, and no collection holds it. Such a file is never read, so no name or
 * front matter of it can fail the build; a file no collection mentions at all is `no-collection`.
 */
export function excludedBy(collections: readonly PreparedCollection[]): (relative: string) => boolean {
  return (relative) =>
    !collections.some((collection) => collection.holds(relative)) && collections.some((collection) => collection.excludes(relative));
}

/** Whether a content file is MDX, which a collection takes only with `mdx: true` (see `CollectionDefinition.mdx`). */
function isMdxFile(relative: string): boolean {
  return relative.endsWith('.mdx');
}

/** A matcher for a list of globs: true when any of them matches, as `micromatch.isMatch` with the list. */
function anyOf(globs: readonly string[]): (relative: string) => boolean {
  const matchers = globs.map((glob) => micromatch.matcher(glob));
  // A page named only by dots (`..md`) is no dotfile (see `walk.ts`): `*` matches it as it does any name.
  const dotMatchers = globs.map((glob) => micromatch.matcher(glob, { dot: true }));
  return (relative) => {
    const named = isNameOfDots(relative.slice(relative.lastIndexOf('/') + 1)) ? dotMatchers : matchers;
    return named.some((matches) => matches(relative));
  };
}

/**
 * A glob an include could add to hold a file and its like: `posts/*\/index.md` for a page
 * bundle (`posts/first-light/index.md`), `posts/*.md` for `posts/first.md`, `*.md` at the top.
 */
export function globFor(relative: string): string {
  const parts = relative.replace(/\\/g, '/').split('/');
  const name = parts.pop()!;
  const extension = /\.[^.]+$/.exec(name)?.[0] ?? '';
  const bundle = name === `index${extension}` && parts.length > 0;
  if (bundle) parts.pop();
  return [...parts, bundle ? `*/index${extension}` : `*${extension}`].join('/');
}

/** Checks one parsed file against the schema of the collection it belongs to; reports every issue. */
export function validateFile(
  parsed: SplitFile,
  collections: readonly PreparedCollection[],
  templates: Readonly<Record<string, unknown>>,
  trailingSlash?: TrailingSlash,
): { entry?: Entry; diagnostics: Diagnostic[] } {
  const { relative, file } = parsed.source;
  const badName = checkFileName({ file, relative: parsed.pagePath ?? relative });
  if (badName) return { diagnostics: [badName] };
  const locales = collections[0]?.locales;
  const undeclared = locales && undeclaredLocaleFolder(relative.replace(/\\/g, '/'), locales);
  if (undeclared) {
    return {
      diagnostics: [
        {
          ...diagnose('undeclared-locale', { folder: undeclared, declared: locales.list.map((locale) => locale.code) }),
          file,
          line: 1,
          field: 'i18n.locales',
          expected: phrase('locale-folder', { locales: locales.list.map((locale) => locale.code).join(', ') }),
          actual: `content/${undeclared}/`,
        },
      ],
    };
  }
  const collection = collections.find((candidate) => candidate.holds(relative));
  if (isMdxFile(relative) && !collection?.definition.mdx) {
    return {
      diagnostics: [{ ...diagnose('mdx-not-enabled', { relative, collection: collection?.definition.name }), file, line: 1 }],
    };
  }
  if (!collection) {
    return {
      diagnostics: [
        {
          ...diagnose('no-collection', { relative, glob: globFor(relative) }),
          file,
          line: 1,
        },
      ],
    };
  }
  return validateEntry(parsed, collection, templates, trailingSlash);
}

/** Checks one parsed file, or one entry of a data file or a loader, against the schema of its collection. */
export function validateEntry(
  parsed: SplitFile,
  collection: PreparedCollection,
  templates: Readonly<Record<string, unknown>>,
  trailingSlash?: TrailingSlash,
): { entry?: Entry; diagnostics: Diagnostic[] } {
  const { relative, file } = parsed.source;
  const { definition } = collection;
  const { locales } = collection;
  const { url, listPage, place } = localizedUrl((parsed.pagePath ?? relative).replace(/\\/g, '/'), locales, trailingSlash);
  const draft = readDraft(parsed);
  // A multilingual site's `translationKey` is the engine's, like `draft`: read here, and never seen by the schema.
  const key = locales.multilingual ? readTranslationKey(parsed) : undefined;
  const own = key ? withoutField(parsed, TRANSLATION_KEY_FIELD) : parsed;
  const computed = computeFields(own, definition, url);
  const early = [...(draft.diagnostic ? [draft.diagnostic] : []), ...(key?.diagnostic ? [key.diagnostic] : []), ...computed.diagnostics];
  if (early.length) return { diagnostics: early };
  // The schema sees the front matter with the computed fields filled in, and without `draft`,
  // which the engine reads itself (so no schema needs to declare it).
  const input: SplitFile = Object.create(parsed, { data: { value: computed.data } });
  const result = validatingFile(relative, () => collection.schema.safeParse(computed.data, { reportInput: true }));
  const unsafeUrls = checkFrontMatterUrls(input, collection.schema);
  if (!result.success)
    return { diagnostics: [...issueDiagnostics(result.error.issues, input, collection.schema, computed.names), ...unsafeUrls] };
  if (unsafeUrls.length) return { diagnostics: unsafeUrls };
  const data = result.data;
  const template = typeof definition.template === 'function' ? definition.template(data) : definition.template;
  if (!(template in templates)) {
    const where = locateField(parsed, ['template']);
    return {
      diagnostics: [
        {
          ...diagnose('unknown-template', {}),
          file,
          ...where,
          field: 'template',
          expected: phrase('one-of', { values: Object.keys(templates).join(', ') }),
          actual: JSON.stringify(template),
        },
      ],
    };
  }
  const dates = datesOf(data as unknown as Record<string, unknown>, definition.dates);
  const entry: Entry = {
    collection: definition.name,
    url,
    slug: slugOf(url),
    file,
    relative,
    data,
    body: parsed.body,
    bodyLine: parsed.bodyLine,
    listPage,
    hidden: data.hidden === true,
    template,
    ...(dates && { dates }),
    ...(draft.draft && { draft: true }),
    locale: place.locale,
    // The page's URL as the default locale has it (`/posts/x`), unless its front matter names a key.
    translationKey: key?.key ?? urlForContentFile(place.path).url,
  };
  return { entry, diagnostics: [] };
}

/** A parsed file whose front matter lacks one field. */
function withoutField(parsed: SplitFile, field: string): SplitFile {
  if (!(field in parsed.data)) return parsed;
  const { [field]: _left, ...data } = parsed.data;
  return Object.create(parsed, { data: { value: data } });
}

/** Every issue of a file as diagnostics, each at the line of its field (see `describeIssues`); an issue with a computed field says so. */
function issueDiagnostics(
  issues: readonly z.core.$ZodIssue[],
  parsed: SplitFile,
  schema: z.ZodType,
  computed: ReadonlySet<string> = new Set(),
): Diagnostic[] {
  return describeIssues(issues, schema).map(({ issue, facts, fieldPath }) => ({
    code: facts.code,
    severity: severityOf(facts.code),
    file: parsed.source.file,
    ...locateField(parsed, issue.path, facts.key),
    field: formatField(fieldPath) || undefined,
    message: facts.message,
    expected: facts.expected,
    actual: facts.actual,
    hint: computed.has(String(fieldPath[0])) ? computedFieldHint(String(fieldPath[0])) : facts.hint,
  }));
}
