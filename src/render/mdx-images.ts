import type { Element, Root } from 'hast';
import { createContext, createElement as h, useContext, type ComponentProps, type ComponentType } from 'react';
import { isRelative, resolveRelative } from '../core/urls.ts';
import type { ImageManifest } from '../images/manifest.ts';
import { responsiveImage, type DrawOptions } from './markdown-images.ts';

/**
 * Images in MDX as in Markdown: `![…](../images/x.png)` and `<img src="./x.png">` name the file
 * from the MDX file's folder, and are drawn as the same responsive `<picture>`, with width and
 * height, lazy after the page's first (so only the first may be preloaded).
 */

/** A JSX element of MDX's tree (`<img src="…" />`), as much of it as is read here. */
interface MdxJsxElement {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: Array<{ type: string; name?: string; value?: unknown }>;
  children: unknown[];
}

/**
 * Rehype plugin for MDX: the relative `src` of each image (Markdown's and `<img>`'s with a
 * written string) becomes root-relative against `folder`, the MDX file's, as `content-urls.ts`
 * does for Markdown, so the image is the build's whatever the page's URL.
 */
export function rehypeMdxImageUrls(folder: string) {
  return (tree: Root) => {
    const visit = (node: { type: string; children?: unknown[] }) => {
      if (node.type === 'element') {
        const element = node as Element;
        const src = element.properties.src;
        if (element.tagName === 'img' && typeof src === 'string' && isRelative(src)) element.properties.src = resolveRelative(src, folder);
      }
      const children = (node.children ?? []) as Array<{ type: string; children?: unknown[] }>;
      children.forEach((child, index) => {
        const img = plainImg(child);
        if (img) {
          if (typeof img.properties.src === 'string' && isRelative(img.properties.src))
            img.properties.src = resolveRelative(img.properties.src, folder);
          children[index] = img;
        } else visit(child);
      });
    };
    visit(tree);
  };
}

/** The attributes of an `<img>` written in JSX that are the same in hast. */
const PLAIN_ATTRIBUTES = new Set(['src', 'alt', 'width', 'height', 'title', 'loading', 'decoding']);

/**
 * An `<img>` written as JSX with written values only (`<img src="./x.png" alt="…" />`) as the
 * element Markdown's image is: MDX then draws it with the `img` component, as it does `![…](…)`
 * (it draws JSX tags as they are written). One with an expression (`src={url}`) stays JSX.
 */
function plainImg(node: { type: string }): Element | undefined {
  if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return undefined;
  const jsx = node as MdxJsxElement;
  if (jsx.name !== 'img' || jsx.children.length) return undefined;
  const properties: Element['properties'] = {};
  for (const attribute of jsx.attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || !attribute.name || !PLAIN_ATTRIBUTES.has(attribute.name)) return undefined;
    if (typeof attribute.value !== 'string') return undefined;
    properties[attribute.name] = attribute.value;
  }
  return { type: 'element', tagName: 'img', properties, children: [], position: (node as Element).position };
}

/** What the `img` of an MDX body's rendering draws with: the build's images, and how many it has drawn. */
interface ImageDrawing {
  images: ImageManifest;
  mode: DrawOptions['mode'];
  drawn: { count: number };
}

const Drawing = createContext<ImageDrawing | undefined>(undefined);

/**
 * The engine's `img` of MDX bodies: each image of the build drawn responsive, the first one of a
 * rendering eager; an image the build does not know stays as written (the link check reports a
 * missing one).
 */
export function MdxImage(props: ComponentProps<'img'>) {
  const drawing = useContext(Drawing);
  const image = drawing && responsiveImage(props, drawing.images, { mode: drawing.mode, first: drawing.drawn.count === 0 });
  if (!image) return h('img', props);
  drawing.drawn.count++;
  const img = h('img', image.img);
  return image.sources ? h('picture', null, ...image.sources.map((source) => h('source', { key: source.type, ...source })), img) : img;
}

/** An MDX body's component whose images (`MdxImage`) are the build's, counted afresh on each rendering. */
export function withMdxImages(Content: ComponentType, images: ImageManifest, mode: DrawOptions['mode']): ComponentType {
  return (props: object) => h(Drawing.Provider, { value: { images, mode, drawn: { count: 0 } } }, h(Content, props));
}
