import fs from 'node:fs';
import path from 'node:path';
import { describeValue, formatField, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { closest } from '../diagnostics/suggest.ts';
import type { z } from 'zod';
import { describeIssues, knownKeysAt } from '../content/schema-issues.ts';
import { createSchemaHelpers } from '../content/schema-helpers.ts';
import type { Route } from '../content/entry.ts';
import { normalizeUrlPath } from '../core/urls.ts';
import type { Site, SiteDefinition, SiteInput } from './definition.ts';
import type { SiteLocator } from './locate.ts';
import { siteSchema } from './schema.ts';
import { themeNames } from './markdown-options.ts';
import { diagnose, FACTORY_HINT, severityOf, phrase } from '../diagnostics/catalogue/index.ts';
import { outputPathProblem, unsafeOutputPath } from '../safety/output-paths.ts';
import { i18nProblems, missingStrings } from '../i18n/check-definition.ts';

/** A site definition checked: the site with its paths made absolute, when nothing is wrong with it, and what is. */
export interface SiteCheck {
  site?: SiteDefinition;
  diagnostics: Diagnostic[];
}

type Problem = Omit<Diagnostic, 'severity' | 'file' | 'line'> & { at: PropertyKey[] };

/**
 * Checks a site definition as `defineSite` received it: the shape of every field (`siteSchema`),
 * then what the fields name: each collection's template, each template's stylesheets, each feed's
 * collection, every file and folder (relative ones are read from the project root), and that each
 * collection's schema function gives a schema. Reports every problem at once: a check runs when
 * the fields it reads have the right shape. `locate` places each problem at its field in the site's module.
 */
export function checkSite(definition: unknown, projectRoot: string, locate?: SiteLocator): SiteCheck {
  const at = (problem: Problem): Diagnostic => {
    const { at: fieldPath, ...facts } = problem;
    return {
      severity: severityOf(facts.code),
      ...locate?.(fieldPath),
      ...facts,
      field: facts.field ?? (formatField(fieldPath) || undefined),
    };
  };
  const shape = siteSchema.safeParse(definition, { reportInput: true });
  const issues = shape.success ? [] : shape.error.issues;
  const problems = describeIssues(issues, siteSchema).map(
    ({ facts, fieldPath }): Problem => ({
      at: fieldPath,
      code: facts.code,
      message: facts.message,
      expected: facts.expected,
      actual: facts.actual,
      hint: facts.hint,
    }),
  );
  // Not even an object: there are no fields to look into.
  if (issues.some((issue) => issue.path.length === 0 && issue.code !== 'unrecognized_keys')) {
    const factory = typeof definition === 'function' ? FACTORY_HINT : undefined;
    return { diagnostics: problems.map((problem) => at({ ...problem, hint: problem.hint ?? factory })) };
  }
  const broken = new Set(issues.map((issue) => issue.path[0]));
  const usable = (...fields: Array<keyof SiteInput>) => fields.every((field) => !broken.has(field));
  const input = definition as SiteInput;
  if (usable('collections')) problems.push(...collectionSources(input));
  if (usable('collections', 'templates')) problems.push(...collectionTemplates(input));
  if (usable('templates', 'styles')) problems.push(...templateStyles(input));
  if (usable('feeds', 'collections')) problems.push(...feedCollections(input));
  if (usable('feeds')) problems.push(...feedPaths(input));
  if (usable('markdown')) problems.push(...shikiThemes(input), ...copyButtonIsland(input));
  if (usable('redirects')) problems.push(...redirectSources(input));
  if (usable('i18n') && input.i18n) problems.push(...i18nProblems(input.i18n));
  if (usable('root')) {
    const root = path.resolve(projectRoot, input.root ?? '.');
    problems.push(...pathProblems(input, root, usable));
    if (usable('collections', 'contentDir')) problems.push(...schemaProblems(input, path.resolve(root, input.contentDir)));
  }
  return problems.length ? { diagnostics: problems.map(at) } : { site: resolveSitePaths(input, projectRoot), diagnostics: [] };
}

/** The site with its root and every file and folder it names made absolute (relative ones are read from `projectRoot`). */
export function resolveSitePaths(definition: SiteInput, projectRoot: string): SiteDefinition {
  const root = path.resolve(projectRoot, definition.root ?? '.');
  const resolve = (file: string) => path.resolve(root, file);
  const each = (files: Record<string, string>) => Object.fromEntries(Object.entries(files).map(([name, file]) => [name, resolve(file)]));
  return {
    ...definition,
    root,
    contentDir: resolve(definition.contentDir),
    ...(definition.publicDir !== undefined && { publicDir: resolve(definition.publicDir) }),
    styles: each(definition.styles),
    islands: each(definition.islands),
    ...(definition.startup && { startup: each(definition.startup) }),
    ...(definition.og && {
      og: {
        ...definition.og,
        templates: each(definition.og.templates),
        fonts: definition.og.fonts.map((font) => ({ ...font, file: resolve(font.file) })),
        ...(definition.og.localeFonts && {
          localeFonts: Object.fromEntries(
            Object.entries(definition.og.localeFonts).map(([key, fonts]) => [
              key,
              fonts.map((font) => ({ ...font, file: resolve(font.file) })),
            ]),
          ),
        }),
      },
    }),
  };
}

/** Each collection takes its entries from files (`include`) or from a loader (`load`): one of them, never both. */
function collectionSources(site: SiteInput): Problem[] {
  return site.collections.flatMap((collection, i): Problem[] => {
    const both = collection.include !== undefined && collection.load !== undefined;
    if (!both && (collection.include !== undefined || collection.load !== undefined)) return [];
    return [
      {
        at: ['collections', i, both ? 'load' : 'include'],
        ...diagnose('collection-source', { both }),
        expected: both ? phrase('collection-source-both') : phrase('collection-source-neither'),
        actual: both ? 'both' : 'neither',
      },
    ];
  });
}

/** A name the site uses but does not define, with the names it does. */
function unknownName(
  at: PropertyKey[],
  value: string,
  known: string[],
  words: (suggestion: string | undefined) => Pick<Diagnostic, 'code' | 'message' | 'hint'>,
): Problem {
  return {
    at,
    ...words(closest(value, known)),
    expected: known.length ? phrase('one-of', { values: known.join(', ') }) : phrase('defined-name'),
    actual: JSON.stringify(value),
  };
}

function collectionTemplates(site: SiteInput): Problem[] {
  const templates = Object.keys(site.templates);
  return site.collections.flatMap((collection, i) =>
    typeof collection.template === 'string' && !templates.includes(collection.template)
      ? [
          unknownName(['collections', i, 'template'], collection.template, templates, (suggestion) =>
            diagnose('unknown-template', { suggestion }),
          ),
        ]
      : [],
  );
}

/** Theme names Shiki does not have (its list is read only when the site names themes). */
function shikiThemes(site: SiteInput): Problem[] {
  const themes = site.markdown?.shiki?.themes;
  if (!themes) return [];
  const known = themeNames();
  return (['light', 'dark'] as const).flatMap((scheme) =>
    known.includes(themes[scheme])
      ? []
      : [
          unknownName(['markdown', 'shiki', 'themes', scheme], themes[scheme], known, (suggestion) =>
            diagnose('invalid-value', { suggestion, theme: true }),
          ),
        ],
  );
}

/** The copy button's island must be one the site declares, or no block's button would ever hydrate. */
function copyButtonIsland(site: SiteInput): Problem[] {
  const name = site.markdown?.shiki?.copyButton;
  const islands = Object.keys(site.islands ?? {});
  if (name === undefined || islands.includes(name)) return [];
  return [unknownName(['markdown', 'shiki', 'copyButton'], name, islands, (suggestion) => diagnose('invalid-value', { suggestion }))];
}

function templateStyles(site: SiteInput): Problem[] {
  const styles = Object.keys(site.styles);
  return Object.entries(site.templates).flatMap(([name, template]) =>
    template.styles.flatMap((style, i) =>
      styles.includes(style)
        ? []
        : [unknownName(['templates', name, 'styles', i], style, styles, (suggestion) => diagnose('unknown-stylesheet', { suggestion }))],
    ),
  );
}

function feedCollections(site: SiteInput): Problem[] {
  const collections = site.collections.map((collection) => collection.name);
  return (site.feeds ?? []).flatMap((feed, i) =>
    collections.includes(feed.collection)
      ? []
      : [
          unknownName(['feeds', i, 'collection'], feed.collection, collections, (suggestion) =>
            diagnose('unknown-collection', { suggestion }),
          ),
        ],
  );
}

/** Feed files written outside the output folder, or over one of the build's own files. */
function feedPaths(site: SiteInput): Problem[] {
  return (site.feeds ?? []).flatMap((feed, i) =>
    (['rss', 'atom'] as const).flatMap((format): Problem[] => {
      const problem = outputPathProblem(feed[format]);
      if (!problem) return [];
      const { severity: _severity, ...facts } = unsafeOutputPath(problem, feed[format]);
      return [{ at: ['feeds', i, format], ...facts }];
    }),
  );
}

/** Redirects whose old path is not root-relative. (Whether they lead to a page is checked by the build.) */
function redirectSources(site: SiteInput): Problem[] {
  return Object.keys(site.redirects ?? {}).flatMap((from): Problem[] =>
    from.startsWith('/')
      ? []
      : [
          {
            at: ['redirects', from],
            ...diagnose('invalid-format', { rootRelative: true }),
            expected: phrase('root-relative-path'),
            actual: JSON.stringify(from),
          },
        ],
  );
}

/** Files and folders the site names that do not exist, each with the field naming it and the path as written (of the fields `usable` allows). */
function pathProblems(site: SiteInput, root: string, usable: (...fields: Array<keyof SiteInput>) => boolean): Problem[] {
  const wanted: Array<{ at: PropertyKey[]; written: string; folder?: boolean }> = [
    ...(usable('contentDir') ? [{ at: ['contentDir'], written: site.contentDir, folder: true }] : []),
    ...(usable('publicDir') && site.publicDir !== undefined ? [{ at: ['publicDir'], written: site.publicDir, folder: true }] : []),
    ...(usable('styles') ? named(['styles'], site.styles) : []),
    ...(usable('islands') ? named(['islands'], site.islands) : []),
    ...(usable('startup') ? named(['startup'], site.startup ?? {}) : []),
    ...(usable('og') && site.og ? named(['og', 'templates'], site.og.templates) : []),
    ...(usable('og') && site.og ? site.og.fonts.map((font, i) => ({ at: ['og', 'fonts', i, 'file'], written: font.file })) : []),
    ...(usable('og') && site.og
      ? Object.entries(site.og.localeFonts ?? {}).flatMap(([key, fonts]) =>
          fonts.map((font, i) => ({ at: ['og', 'localeFonts', key, i, 'file'], written: font.file })),
        )
      : []),
  ];
  const problems = wanted
    .filter(({ written, folder }) => !exists(path.resolve(root, written), folder))
    .map(({ at, written, folder }) => missingPath(at, root, written, folder));
  if (site.favicon && usable('favicon', 'contentDir', 'publicDir')) {
    const folders = [site.publicDir, site.contentDir]
      .filter((folder): folder is string => folder !== undefined)
      .map((folder) => path.resolve(root, folder));
    if (!folders.some((folder) => exists(path.join(folder, safeDecode(site.favicon!))))) {
      problems.push({
        at: ['favicon'],
        ...diagnose('missing-path', {}),
        expected: phrase('file-in-folders', { folders: folders.map((folder) => path.relative(root, folder) || '.').join(' or ') }),
        actual: JSON.stringify(site.favicon),
      });
    }
  }
  return problems;
}

function named(at: PropertyKey[], files: Record<string, string>) {
  return Object.entries(files).map(([name, written]) => ({ at: [...at, name], written }));
}

function missingPath(at: PropertyKey[], root: string, written: string, folder = false): Problem {
  const file = path.resolve(root, written);
  const siblings = exists(path.dirname(file), true) ? fs.readdirSync(path.dirname(file), { withFileTypes: true }) : [];
  const suggestion = closest(
    path.basename(file),
    siblings.filter((entry) => entry.isDirectory() === folder).map((entry) => entry.name),
  );
  const relative = path.isAbsolute(written) ? '' : ` (read from the project root: ${file})`;
  return {
    at,
    ...diagnose('missing-path', { folder, suggestion: suggestion && path.join(path.dirname(written), suggestion) }),
    expected: folder ? phrase('existing-folder') : phrase('existing-file'),
    actual: `${JSON.stringify(written)}${relative}`,
  };
}

function safeDecode(urlPath: string): string {
  try {
    return decodeURI(urlPath);
  } catch {
    return urlPath;
  }
}

function exists(file: string, folder = false): boolean {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat !== undefined && (folder ? stat.isDirectory() : stat.isFile());
}

/** Collections whose schema function throws or gives no zod schema: found now, rather than as a crash halfway through reading the content. */
function schemaProblems(site: SiteInput, contentDir: string): Problem[] {
  const helpers = createSchemaHelpers([contentDir]);
  return site.collections.flatMap((collection, i): Problem[] => {
    let schema: unknown;
    try {
      schema = collection.schema(helpers);
    } catch (error) {
      const thrown = error instanceof Error ? error : new Error(String(error));
      return [
        {
          at: ['collections', i, 'schema'],
          ...diagnose('invalid-site-code', { kind: 'schema', reason: thrown.message }),
          detail: thrown.stack,
        },
      ];
    }
    if (typeof (schema as { safeParse?: unknown } | undefined)?.safeParse === 'function') {
      // zod 3 (and zod 4's `zod/v3`) has `safeParse` too, but the engine reads zod 4's schemas, and
      // its helpers (`date()`, `ref()`) are zod 4's: inside a zod 3 object they crash as it parses.
      if (!(typeof schema === 'object' && '_zod' in schema!))
        return [
          {
            at: ['collections', i, 'schema'],
            ...diagnose('invalid-type', { kind: 'zod3' }),
            expected: phrase('zod-schema'),
            actual: '_def' in (schema as object) ? "a zod 3 schema (from 'zod/v3', or zod 3)" : describeValue(schema),
          },
        ];
      return dateFieldProblems(collection, i, schema as z.ZodType);
    }
    return [
      {
        at: ['collections', i, 'schema'],
        ...diagnose('invalid-type', { kind: 'schema' }),
        expected: phrase('schema-function'),
        actual: describeValue(schema),
      },
    ];
  });
}

/**
 * A collection's `dates` must name fields its schema has (when the schema is an object whose
 * fields can be listed): a misspelt name would leave every entry undated, feeds empty and the
 * newest-first order arbitrary, without a word.
 */
function dateFieldProblems(collection: SiteInput['collections'][number], index: number, schema: z.ZodType): Problem[] {
  const fields = knownKeysAt(schema, []);
  if (!fields.length) return [];
  return (['published', 'updated'] as const).flatMap((kind): Problem[] => {
    const field = collection.dates?.[kind];
    if (field === undefined || fields.includes(field)) return [];
    return [
      unknownName(['collections', index, 'dates', kind], field, fields, (suggestion) =>
        diagnose('unknown-field', { suggestion, inSchema: true }),
      ),
    ];
  });
}

/**
 * The not-found page a site names must be a page of the site: checked once the content is read
 * and the routes are planned. A site that names none gets its `/404` page, or the engine's plain one.
 */
export function checkNotFound(site: Pick<Site, 'notFound' | 'locate'>, routes: readonly Route[]): Diagnostic[] {
  const named = site.notFound;
  if (named === undefined || routes.some((route) => normalizeUrlPath(route.url) === normalizeUrlPath(named))) return [];
  const suggestion = closest(
    named,
    routes.map((route) => route.url),
  );
  return [
    {
      ...diagnose('missing-not-found-page', { suggestion }),
      ...site.locate?.(['notFound']),
      field: 'notFound',
      expected: phrase('not-found-page'),
      actual: JSON.stringify(site.notFound),
    },
  ];
}

/** The `ui-string-fallback` warnings of a site whose `i18n.missingStrings` is `'warn'`, each at its table in the site's module. */
export function stringWarnings(site: Pick<Site, 'i18n' | 'locate'>): Diagnostic[] {
  if (site.i18n?.missingStrings !== 'warn') return [];
  return missingStrings(site.i18n, 'ui-string-fallback').map(({ at, ...facts }) => ({
    severity: severityOf(facts.code),
    ...site.locate?.(at),
    ...facts,
  }));
}
