import { z } from 'zod';
import type { SiteDefinition } from './definition.ts';
import { DEPLOY_HOSTS } from '../security/host-files.ts';
import { phrase } from '../diagnostics/catalogue/index.ts';

/**
 * The shape of a site definition, checked when the site loads: every field's type, the required
 * ones present, no unknown ones (a misspelt optional field would otherwise be silently ignored).
 * What the fields refer to (templates, stylesheets, files) is checked afterwards, in `checkSite`.
 */

/** A value the engine calls; `expected` says what it should be in messages. */
const callable = (expected: string) =>
  z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', { params: { expected } });

/** A React component: a function or class, or an object React renders (`memo`, `forwardRef`, `lazy`). */
const component = z.custom<unknown>(
  (value) => typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value),
  { params: { expected: phrase('react-component') } },
);

const text = z.string().min(1);
/** A file or folder: absolute, or relative to the project root. */
const filePath = z.string().min(1);
const rootRelative = (example: string) => {
  const expected = `a root-relative path such as ${example}`;
  return z.string({ error: expected }).regex(/^\//, { error: expected });
};

const collection = z.strictObject({
  name: text,
  include: z.array(text).min(1).optional(),
  exclude: z.array(text).optional(),
  load: callable('a function (context) => a promise of [{ id, data, body? }]').optional(),
  cacheOnError: z.boolean().optional(),
  // Plain segments only: a `..` would write the loader's pages outside the output folder.
  urlBase: z
    .string()
    .regex(/^(?:\/[\p{L}\p{N}_-][\p{L}\p{N}._-]*)*\/?$/u, { error: 'a root-relative path of plain segments such as /events' })
    .optional(),
  idField: text.optional(),
  bodyField: text.optional(),
  schema: callable('a function (helpers) => zod schema'),
  template: z.custom<unknown>((value) => (typeof value === 'string' && value !== '') || typeof value === 'function', {
    params: { expected: phrase('template-choice') },
  }),
  dates: z.strictObject({ published: text.optional(), updated: text.optional() }).optional(),
  frontMatter: z.enum(['required', 'optional']).optional(),
  mdx: z.boolean().optional(),
  computed: z.record(z.string(), callable("a function ({ body, path, url, data }) => the field's value")).optional(),
});

const template = z.strictObject({ component, styles: z.array(text) });

const feed = z.strictObject({
  collection: text,
  title: text,
  description: text,
  link: rootRelative('/blog').optional(),
  rss: rootRelative('/blog/rss.xml'),
  atom: rootRelative('/blog/atom.xml'),
  author: callable('a function (entry, catalogue, site) => { name, url }').optional(),
});

const ogFont = z.strictObject({
  name: text,
  file: filePath,
  weight: z.literal([100, 200, 300, 400, 500, 600, 700, 800, 900]).optional(),
  style: z.enum(['normal', 'italic']).optional(),
});

const socialImages = z.strictObject({
  templates: z.record(z.string(), filePath),
  fonts: z.array(ogFont),
  localeFonts: z.record(z.string(), z.array(ogFont)).optional(),
  image: callable('a function (entry, catalogue) => an image spec or undefined'),
  type: callable('a function (entry) => an og:type').optional(),
});

/** Encoder quality, as sharp takes it. */
const quality = z.int().min(1).max(100);

/** How raster images become variants (see `site/image-options.ts` for the defaults). */
const imageSettings = z.strictObject({
  widths: z.array(z.int().min(1)).min(1).optional(),
  quality: z.strictObject({ avif: quality.optional(), webp: quality.optional(), jpeg: quality.optional() }).optional(),
  avifEffort: z.int().min(0).max(9).optional(),
});

/** The shape of the security settings; what the CSP sources say is checked with the policy (`security/csp.ts`). */
const securitySettings = z.strictObject({
  csp: z.record(z.string(), z.array(z.string())).optional(),
  hstsPreload: z.boolean().optional(),
  crossOriginOpenerPolicy: z.enum(['same-origin', 'same-origin-allow-popups']).optional(),
});

/** A unified plugin: a function, or a function and its options (`[rehypeSlug, { prefix: 'h-' }]`). */
const plugin = z.custom<unknown>(
  (value) =>
    typeof value === 'function' || (Array.isArray(value) && value.length >= 1 && value.length <= 2 && typeof value[0] === 'function'),
  { params: { expected: phrase('unified-plugin') } },
);

/** The site's Markdown settings; theme names are checked against Shiki's in `checkSite`. */
const markdownSettings = z.strictObject({
  remarkPlugins: z.array(plugin).optional(),
  rehypePlugins: z.array(plugin).optional(),
  highlight: z.boolean().optional(),
  shiki: z
    .strictObject({
      themes: z.strictObject({ light: text, dark: text }).optional(),
      meta: z.boolean().optional(),
      lineNumbers: z.boolean().optional(),
      transformers: z
        .array(
          z.custom<unknown>((value) => typeof value === 'object' && value !== null, { params: { expected: phrase('shiki-transformer') } }),
        )
        .optional(),
      darkSelector: text.optional(),
      lightSelector: text.optional(),
      copyButton: text.optional(),
    })
    .optional(),
  mdx: z.strictObject({ components: z.record(z.string(), component).optional() }).optional(),
});

const languageTag = z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, { error: 'a language tag such as en or en-US' });

/** A multilingual site's locales (see docs/multilingual.md); what they name is checked in `checkSite` (`i18n/check-definition.ts`). */
const i18nSettings = z.strictObject({
  defaultLocale: languageTag,
  locales: z
    .array(
      z.union([
        languageTag,
        z.strictObject({ code: languageTag, name: text.optional(), dir: z.enum(['ltr', 'rtl']).optional(), lang: languageTag.optional() }),
      ]),
    )
    .min(1),
  prefixDefaultLocale: z.boolean().optional(),
  fallback: z.boolean().optional(),
  strings: z.record(z.string(), z.record(z.string(), z.string())).optional(),
  missingStrings: z.enum(['error', 'warn']).optional(),
});
/** `search: true`, or its options (see `search/options.ts`). */
const searchSettings = z.union([
  z.boolean(),
  z.strictObject({
    include: callable('a function (entry) => whether the page is indexed').optional(),
    fields: callable('a function (entry) => { filters, meta }').optional(),
    exclude: z.array(text).optional(),
  }),
]);

/** The schema of `defineSite`'s argument. */
export const siteSchema = z.strictObject({
  name: text,
  lang: languageTag,
  i18n: i18nSettings.optional(),
  origin: z.url({ protocol: /^https?$/, error: 'an absolute http(s) URL such as https://example.com' }),
  root: filePath.optional(),
  contentDir: filePath,
  publicDir: filePath.optional(),
  favicon: rootRelative('/favicon.svg').optional(),
  collections: z.array(collection).min(1),
  templates: z.record(z.string(), template),
  layout: component,
  styles: z.record(z.string(), filePath),
  inlineStyles: z.boolean().optional(),
  islands: z.record(z.string(), filePath),
  startup: z.record(z.string(), filePath).optional(),
  client: z.strictObject({ runtime: z.enum(['react', 'preact']).optional() }).optional(),
  navigation: z.enum(['client', 'document']).optional(),
  routes: callable('a function (catalogue) => derived routes').optional(),
  trailingSlash: z.enum(['never', 'always']).optional(),
  links: z.strictObject({ external: z.array(rootRelative('/reference/**')).optional() }).optional(),
  notFound: rootRelative('/404').optional(),
  og: socialImages.optional(),
  head: component.optional(),
  feeds: z.array(feed).optional(),
  sitemap: z.boolean().optional(),
  robots: z.union([z.literal(false), z.strictObject({ disallow: z.array(rootRelative('/drafts/')).optional() })]).optional(),
  images: imageSettings.optional(),
  security: securitySettings.optional(),
  deploy: z.strictObject({ hosts: z.array(z.enum(DEPLOY_HOSTS)).optional() }).optional(),
  markdown: markdownSettings.optional(),
  // Each old path (a key) is checked in `checkSite`: zod reports a bad record key without its expectation.
  redirects: z.record(z.string(), rootRelative('/new-path')).optional(),
  search: searchSettings.optional(),
});

/**
 * Fails to compile when `SiteDefinition` gains a field this schema does not know, or loses one it
 * does: a strict schema behind the type would refuse a field the type allows.
 */
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : never;
const keysMatch: SameKeys<SiteDefinition, z.input<typeof siteSchema>> = true;
void keysMatch;
