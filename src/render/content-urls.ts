import type { Element, Root, RootContent } from 'hast';
import type { Root as MdastRoot, RootContent as MdastNode } from 'mdast';
import type { VFile } from 'vfile';
import type { ImageManifest } from '../images/manifest.ts';
import { isRelative, resolveRelative } from '../core/urls.ts';
import { markdownImage } from './markdown-images.ts';

/**
 * What the body of one content file is rendered with, passed in the vfile's data so the one
 * frozen processor serves every page.
 */
export interface BodyContext {
  /** Root-relative URL of the folder holding the Markdown file, ending in `/`: relative URLs in the body resolve against it. */
  folder?: string;
  /** The build's images: an image of the site in the body becomes responsive (see `markdownImage`). */
  images?: ImageManifest;
  /** `page` draws a `<picture>`; `feed` one variant only, for readers that show content away from the site. */
  imageMode?: 'page' | 'feed';
}

/** An image written without alt text, at its line and column in the body. */
export interface MissingAlt {
  line: number;
  column: number;
  /** `image` (Markdown syntax) or `<img>` (raw HTML). */
  field: string;
  src: string;
}

interface BodyData {
  context?: BodyContext;
  /** Start offsets of Markdown images written with empty alt text (`![](x.png)`): raw HTML's `alt=""` is a decorative image, Markdown's is a missing text. */
  emptyAltOffsets?: Set<number>;
  missingAlt?: MissingAlt[];
  /** Each URL the pass rewrote, to what it wrote: the link check names the written URL in its messages. */
  rewritten?: Map<string, string>;
}

const data = (file: VFile) => file.data as BodyData;

/** The images of one processed body written without alt text. */
export function missingAltText(file: VFile): MissingAlt[] {
  return data(file).missingAlt ?? [];
}

/** Remark plugin: notes where Markdown images have empty alt text, before remark-rehype turns it into `alt=""`. */
export function remarkNoteEmptyAlt() {
  return (tree: MdastRoot, file: VFile) => {
    const offsets = new Set<number>();
    const visit = (node: MdastRoot | MdastNode) => {
      if ((node.type === 'image' || node.type === 'imageReference') && !node.alt?.trim() && node.position?.start.offset !== undefined)
        offsets.add(node.position.start.offset);
      if ('children' in node) for (const child of node.children) visit(child);
    };
    visit(tree);
    data(file).emptyAltOffsets = offsets;
  };
}

/**
 * Rehype plugin, run on the sanitized tree: relative URLs (`./diagram.png`, `../other`) become
 * root-relative against the Markdown file's folder, so they name the same file whatever the
 * page's URL style (`/posts/hello` and `/posts/hello/` would resolve `./x` differently in a
 * browser); then each image of the site becomes responsive, and images without alt text are noted.
 * Without a context (a body rendered on its own) it only notes missing alt text.
 */
export function rehypeContentUrls() {
  return (tree: Root, file: VFile) => {
    const { context = {}, emptyAltOffsets = new Set() } = data(file);
    const missing: MissingAlt[] = [];
    const rewritten = new Map<string, string>();
    let imageCount = 0;
    const visit = (parent: Root | Element) => {
      parent.children.forEach((node: RootContent, index) => {
        if (node.type !== 'element') return;
        if (context.folder) rewriteRelative(node, context.folder, rewritten);
        if (node.tagName === 'img') {
          const fromMarkdown = node.position?.start.offset !== undefined && emptyAltOffsets.has(node.position.start.offset);
          if (
            node.properties.alt === undefined ||
            node.properties.alt === null ||
            (fromMarkdown && String(node.properties.alt).trim() === '')
          ) {
            missing.push({
              line: node.position?.start.line ?? 1,
              column: node.position?.start.column ?? 1,
              field: fromMarkdown || node.position === undefined ? 'image' : '<img>',
              src: writtenSrc(node, rewritten),
            });
          }
          const first = imageCount++ === 0;
          // An author's own <picture> is theirs to draw.
          const inPicture = parent.type === 'element' && parent.tagName === 'picture';
          const drawn =
            context.images && !inPicture ? markdownImage(node, context.images, { mode: context.imageMode ?? 'page', first }) : undefined;
          if (drawn) parent.children[index] = drawn;
          return;
        }
        visit(node);
      });
    };
    visit(tree);
    data(file).missingAlt = missing;
    data(file).rewritten = rewritten;
  };
}

function writtenSrc(img: Element, rewritten: ReadonlyMap<string, string>): string {
  const src = String(img.properties.src ?? '');
  return rewritten.get(src) ?? src;
}

/** The URLs of a processed body the pass rewrote, each to the URL written in the Markdown. */
export function rewrittenUrls(file: VFile): ReadonlyMap<string, string> {
  return data(file).rewritten ?? new Map();
}

const URL_ATTRIBUTES = ['href', 'src', 'poster'] as const;

function rewriteRelative(node: Element, folder: string, rewritten: Map<string, string>): void {
  for (const name of URL_ATTRIBUTES) {
    const value = node.properties[name];
    if (typeof value !== 'string' || !isRelative(value)) continue;
    const resolved = resolveRelative(value, folder);
    node.properties[name] = resolved;
    rewritten.set(resolved, value);
  }
}
