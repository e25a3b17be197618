import { area, entry, SEE_STACK } from './define.ts';

/** What makes an SVG of the content folder unsafe, by what was found. */
const SVG_FINDINGS = {
  entities: 'declares entities, which can hide markup from whoever reviews the file',
  instruction: 'is a processing instruction, which can apply a stylesheet that runs code',
  element: 'is not allowed in an SVG of the content folder: it runs code or holds a document that can',
  handler: 'is an event-handler attribute, which runs code',
  namespace: 'declares the XHTML or XSLT namespace, whose elements run scripts inside an SVG',
  'animated-handler': 'animates an event-handler attribute, which runs code',
  'other-origin': 'loads a file from another origin: an SVG of the content folder may only use its own files',
} as const;

export type SvgFinding = { kind: keyof typeof SVG_FINDINGS } | { kind: 'url'; scheme: string };

type OgInvalid = { url: string } & (
  | { kind: 'not-image'; file: string }
  | { kind: 'missing-file'; file: string }
  | { kind: 'unknown-template'; template: string; known: readonly string[] }
  | { kind: 'missing-asset'; asset: string }
);

function ogInvalid(p: OgInvalid): string {
  if (p.kind === 'not-image') return `must be a PNG or an SVG, found ${p.file}.`;
  if (p.kind === 'missing-file') return `names ${p.file}, which is in neither the content nor the public folder.`;
  if (p.kind === 'missing-asset') return `embeds ${p.asset}, which is in neither the content nor the public folder.`;
  return `names the template "${p.template}", which the site does not define (it has ${p.known.join(', ') || 'none'}).`;
}

/** The codes of the section "Assets, images and social images" of docs/errors.md, in its order. */
export const assets = area({
  title: 'Assets, images and social images',
  codes: {
    'asset-build-failed': entry<{ reason: string }>({
      severity: 'error',
      message: (p) => `The client code or a stylesheet failed to build: ${p.reason}`,
      cause:
        'esbuild could not build the client code or a stylesheet: a syntax error or missing import in an island or startup module or stylesheet, or an island importing a React entry point other than `react`, `react-dom`, `react-dom/client`',
      fix: 'fix the file and line given',
    }),
    'invalid-image': entry<{ url: string; reason: string; name: string; unmeasurable?: boolean }>({
      severity: 'error',
      message: (p) => `The image ${p.url} cannot be used: ${p.reason}`,
      hint: (p) =>
        p.unmeasurable
          ? `Add a viewBox to the <svg> element of ${p.name}, e.g. viewBox="0 0 1200 675".`
          : `Export ${p.name} again from the original, or replace it; the file may be truncated or saved in another format than its extension says.`,
      cause:
        "an image file cannot be read, decoded or measured (a truncated or misnamed file, more pixels than the decoder's limit, an SVG without `viewBox` or size); an error at each front-matter field and body line naming it, or at the file when nothing does",
      fix: 'export the image again, or give the SVG a `viewBox`',
    }),
    'unsafe-svg': entry<SvgFinding>({
      severity: 'error',
      message: (p) => (p.kind === 'url' ? `holds a ${p.scheme} URL, which runs code` : SVG_FINDINGS[p.kind]),
      hint: () =>
        'An SVG of the content folder is a picture: export it again without scripts, handlers or outside references. An interactive SVG belongs in the public folder, which is the site’s code.',
      cause:
        'an SVG of the content folder holds a script (or `foreignObject`, `iframe`…), an `on…` handler, a `javascript:`-like URL in any attribute (animation `values` included), a reference to another origin (in `href`, or in CSS: `url()`, `@import`, in `style`, `fill`, `mask` or a `<style>` element), an entity declaration or a stylesheet instruction; at its line',
      fix: 'export the picture again without them; an interactive SVG belongs in the public folder ([security](security.md#content-and-symlinks))',
    }),
    'og-image-invalid': entry<OgInvalid>({
      severity: 'error',
      message: (p) => `The social image of ${p.url} ${ogInvalid(p)}`,
      cause:
        "a page's social image names a template not in `og.templates`, a file that is not a PNG or SVG or not in the content or public folder, or an asset that does not exist",
      fix: 'fix the name or path `og.image()` returns',
    }),
    'og-image-failed': entry<
      { url: string; kind: 'describe'; reason: string } | { url: string; kind: 'build' | 'draw'; template: string; reason: string }
    >({
      severity: 'error',
      message: (p) =>
        p.kind === 'describe'
          ? `The social image of ${p.url} could not be described: the site's og.image() threw ${p.reason}`
          : p.kind === 'build'
            ? `The social image of ${p.url} cannot be drawn: its template "${p.template}" does not build: ${p.reason}`
            : `The social image of ${p.url} could not be drawn (template "${p.template}"): ${p.reason}`,
      hint: (p) => (p.kind === 'draw' ? `Satori draws a subset of CSS: flexbox, inline styles, no grid. ${SEE_STACK}` : undefined),
      cause:
        "a page's social image could not be drawn: `og.image()` threw, the template does not build, or satori failed (an element with several children without `display: flex`, a missing font)",
      fix: 'fix the template ([social images](social-images.md#templates)); `--verbose` shows the stack',
    }),
    'og-missing-glyph': entry<{ url: string; characters: readonly string[]; more: number; fonts: readonly string[]; lang?: string }>({
      severity: 'warning',
      message: (p) =>
        `The social image of ${p.url} shows ${p.characters.map(describeCharacter).join(', ')}${p.more ? ` and ${p.more} more` : ''}, which no font has (tried ${p.fonts.join(', ') || 'none'}): each is drawn as an empty box.`,
      hint: (p) =>
        p.lang
          ? `Add a font that has them to og.localeFonts (its key "${p.lang}" or a prefix of it), or to og.fonts.`
          : 'Add a font that has them to og.fonts, or give the image a lang and og.localeFonts for that language.',
      cause:
        "a drawn social image's text holds a character that none of its fonts (`og.localeFonts` of its language, then `og.fonts`) has; it would be an empty box",
      fix: 'add a font that has it ([text in every script](social-images.md#text-in-every-script))',
    }),
  },
});

/** `ن (U+0646)`: the character and its code points, so an invisible or look-alike one can be told apart. */
function describeCharacter(grapheme: string): string {
  const points = Array.from(grapheme, (char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
  return `${grapheme} (${points.join(' ')})`;
}
