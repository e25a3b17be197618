import { createRequire } from 'node:module';
import path from 'node:path';
import type { Entry, OgFont, OgImageSpec, SocialImages } from 'stillsite';
import { identity } from '../identity.ts';
import type { PageEntry } from '../schemas.ts';

/** The firm's mark, drawn on every card. */
export const MARK = '/images/logo.svg';
const DEFAULT_BACKGROUND = '#10213A';

/** What each collection is called on its cards. */
const EYEBROWS: Record<string, string> = {
  team: 'Our team',
  projects: 'Case study',
  'project-tags': 'Case studies',
  blogs: 'Insights',
  services: 'Service',
};

/** The `og:type` of each collection's pages; everything else is a `website`. */
const TYPES: Record<string, string> = { team: 'profile', projects: 'article', blogs: 'article' };

// Inter shipped as an npm package, read from node_modules: nothing is fetched at build time.
// Satori cannot read WOFF2, so these are the WOFF files. Satori looks for a missing glyph in the
// next family of font-family, not in a second file of the same name, so latin-ext (Ł, ő, ş …)
// is a family of its own that TextOnly lists after Inter.
const interFiles = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource/inter/package.json')), 'files');
const fonts: OgFont[] = ([400, 700] as const).flatMap((weight) =>
  (['latin', 'latin-ext'] as const).map((subset) => ({
    name: subset === 'latin' ? 'Inter' : 'Inter Latin Ext',
    weight,
    style: 'normal' as const,
    file: path.join(interFiles, `inter-${subset}-${weight}-normal.woff`),
  })),
);

/**
 * One card per page (templates/README.md, "Social images"): a hand-made image when the page names one (`path`),
 * otherwise the `textOnly` template with the page's title and description, on `imageBgColor`
 * or on `background.url` under its `overlay`.
 */
export function socialImage(entry: Entry): OgImageSpec {
  const data = entry.data as PageEntry;
  const og = data.ogImage ?? {};
  const alt = og.alt ?? `${identity.name}: ${data.title}`;
  if (og.path) return { file: og.path, alt };
  return {
    template: og.template ?? 'textOnly',
    props: {
      title: data.title,
      description: data.description,
      ...(EYEBROWS[entry.collection] ? { eyebrow: EYEBROWS[entry.collection] } : {}),
      brand: identity.name,
      backgroundColor: og.imageBgColor ?? DEFAULT_BACKGROUND,
      ...(og.background?.overlay ? { overlay: og.background.overlay } : {}),
    },
    assets: { mark: MARK, ...(og.background ? { background: og.background.url } : {}) },
    alt,
  };
}

/** The site's social images: one template, Inter, and a card for every page. */
export const socialImages: SocialImages = {
  templates: { textOnly: path.join(import.meta.dirname, 'TextOnly.tsx') },
  fonts,
  image: socialImage,
  type: (entry) => TYPES[entry.collection] ?? 'website',
};
