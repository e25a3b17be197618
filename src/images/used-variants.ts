import type { OutputFile } from '../output/write.ts';
import { VARIANT_FOLDER, type PreparedImages } from './prepare.ts';
import { UNENCODED_FOLDER, unencodedPrefix } from './planned.ts';

/** A variant's path as any output writes it: `/assets/images/shore-640.3f2a….webp`, to the end of the URL. */
const VARIANT_URL = new RegExp(`/${VARIANT_FOLDER}/[^\\s"'()<>&,?#\\\\]+`, 'g');

/**
 * The output paths of the variants some output names: a page's `<picture>` or `<img>` (its
 * scanned links, which a page carried over from the last build keeps), or another text file of
 * the build (a feed's bodies, a stylesheet).
 */
export function namedVariants(
  pages: Iterable<{ links: ReadonlyArray<{ url: string }> }>,
  otherText: Iterable<OutputFile> = [],
): Set<string> {
  const named = new Set<string>();
  for (const page of pages) for (const link of page.links) if (link.url.includes(`/${VARIANT_FOLDER}/`)) addNamed(named, link.url);
  for (const file of otherText) {
    if (!/\.(xml|css|js|json|txt|webmanifest)$/.test(file.path)) continue;
    const { contents } = file;
    // Bytes that cannot name a variant are not decoded: a multilingual sitemap comes as 172 MB of them (`seo/crawlers.ts`).
    if (
      typeof contents !== 'string' &&
      !Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength).includes(`/${VARIANT_FOLDER}/`)
    )
      continue;
    const text = typeof contents === 'string' ? contents : new TextDecoder().decode(contents);
    for (const match of text.matchAll(VARIANT_URL)) named.add(match[0].slice(1));
  }
  return named;
}

/** Whether some output names a variant of a pending image, by its URL: the image must be encoded. */
export function namesPending(images: PreparedImages, named: ReadonlySet<string>): (url: string) => boolean {
  const prefixes = new Set<string>();
  for (const path of named)
    if (path.startsWith(`${VARIANT_FOLDER}/${UNENCODED_FOLDER}/`)) prefixes.add(path.slice(0, path.lastIndexOf('/') + 1));
  return (url) => {
    const pending = images.pending[url];
    return pending !== undefined && prefixes.has(unencodedPrefix(pending.key).slice(1));
  };
}

/**
 * The prepared images with only the variants some output names (see `namedVariants`). An image
 * no page uses keeps its own file, published as a static file (a link from outside may name it),
 * but none of its variants: a port of a documentation site published 339 variants no page used,
 * 12 MB of its 17 MB.
 */
export function onlyUsedVariants(
  images: PreparedImages,
  pages: Iterable<{ links: ReadonlyArray<{ url: string }> }>,
  otherText: Iterable<OutputFile>,
): { images: PreparedImages; unused: number } {
  if (!images.files.length) return { images, unused: 0 };
  const named = namedVariants(pages, otherText);
  const files = images.files.filter((file) => named.has(file.path));
  return { images: { ...images, files }, unused: images.files.length - files.length };
}

/** A link's output path, whatever its form: `/assets/…`, `https://origin/assets/…`, with a query or fragment. */
function addNamed(named: Set<string>, url: string): void {
  const at = url.indexOf(`/${VARIANT_FOLDER}/`);
  const path = url.slice(at + 1).replace(/[?#].*$/, '');
  named.add(path);
  // A file name with a space or a non-ASCII letter is written percent-encoded.
  if (path.includes('%') && URL.canParse(`x:/${path}`)) named.add(safeDecode(path));
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
