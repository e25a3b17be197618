import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { diagnose, phrase } from '../diagnostics/catalogue/index.ts';

/**
 * The kinds of file the content folder may publish as they are: pictures, video, sound, PDF,
 * fonts and plain data. None of them runs as a page or a script in a browser (a script tag
 * refuses image, audio, video and CSV types outright, and `X-Content-Type-Options: nosniff` the
 * rest). SVG is on the list because it is checked for scripts before it is published (see
 * `svg-safety.ts`). Markdown and MDX are content, turned into pages, and never published as they are.
 */
const PUBLISHABLE = new Set([
  // Pictures
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'avif',
  'svg',
  'ico',
  'bmp',
  'tif',
  'tiff',
  'jxl',
  'heic',
  'heif',
  // Video and sound
  'mp4',
  'm4v',
  'webm',
  'ogv',
  'mov',
  'mp3',
  'm4a',
  'aac',
  'oga',
  'ogg',
  'opus',
  'wav',
  'flac',
  'vtt',
  // Documents, fonts and plain data
  'pdf',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'txt',
  'csv',
  'tsv',
  'json',
]);

/** The content that becomes pages: never published as it is, and never refused here. */
export const PAGE_SOURCE = /\.mdx?$/;

/**
 * The data files a collection may take as entries (see `content/data-parse.ts`). One that a
 * collection takes becomes pages and is not published as it is; one no collection takes is
 * published or refused as any other file.
 */
export const DATA_SOURCE = /\.(json|ya?ml|toml|csv)$/;

/**
 * Text that looks like content by another Markdown extension (`README.markdown`, `notes.MD`):
 * never published and never refused, but counted in the build's summary as content it does not
 * read (see `content/skipped.ts`).
 */
export const MARKDOWN_LIKE = /\.(md|markdown|mdown|mkd|mkdn|mdx)$/i;

/** Whether a file of the content folder may be published as it is. */
export function isPublishableContent(relative: string): boolean {
  const dot = relative.lastIndexOf('.');
  return dot > relative.lastIndexOf('/') && PUBLISHABLE.has(relative.slice(dot + 1).toLowerCase());
}

/**
 * The error for a file of the content folder that is neither content nor an inert media type:
 * an `.html` page, a `.js` script, an `.xml` or `.xhtml` document (which can carry script), a
 * `.wasm` module, or a type nobody listed. Content is written by many hands and reviewed as text;
 * whatever runs in a visitor's browser belongs in the public folder, which is the site's code.
 */
export function unpublishableContent(file: string, relative: string): Diagnostic {
  const dot = relative.lastIndexOf('.');
  const extension = dot > relative.lastIndexOf('/') ? relative.slice(dot).toLowerCase() : '(no extension)';
  return {
    ...diagnose('unsafe-file-type', { extension }),
    file,
    // The file itself is at fault: line 1 stands for it, as for a file no collection holds.
    line: 1,
    field: 'file type',
    expected: phrase('safe-file-type'),
    actual: JSON.stringify(extension),
  };
}
