import fs from 'node:fs/promises';
import path from 'node:path';
import type { Catalogue } from '../content/catalogue.ts';
import type { Entry } from '../content/entry.ts';
import { formatField, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { locateField } from '../content/locate.ts';
import { parseSource } from '../content/parse.ts';
import { diagnose } from '../diagnostics/catalogue/index.ts';

/** A front-matter field that names an image. */
export interface ImageReference {
  entry: Entry;
  /** The field's path in the entry's data, e.g. `['image', 'path']`. */
  fieldPath: PropertyKey[];
}

/** Every string in every entry's front matter that is a root-relative path, by that path. */
export function imageReferences(catalogue: Catalogue): Map<string, ImageReference[]> {
  const references = new Map<string, ImageReference[]>();
  const visit = (entry: Entry, value: unknown, fieldPath: PropertyKey[]) => {
    if (typeof value === 'string') {
      if (value.startsWith('/')) references.set(value, [...(references.get(value) ?? []), { entry, fieldPath }]);
    } else if (Array.isArray(value))
      value.forEach((item, index) => {
        visit(entry, item, [...fieldPath, index]);
      });
    else if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      for (const [key, item] of Object.entries(value)) visit(entry, item, [...fieldPath, key]);
    }
  };
  for (const entry of catalogue.entries) visit(entry, entry.data, []);
  return references;
}

/** A problem with one image file, before it is pinned to the fields that name it. */
export interface ImageProblem {
  /** The image's URL path. */
  url: string;
  /** Absolute path of the image file. */
  file: string;
  /** What the file should have been, e.g. `a PNG, JPEG, WebP or AVIF file sharp can decode`. */
  expected: string;
  /** What is wrong with it, in a few words (often the decoder's own message). */
  reason: string;
  /** An SVG whose size cannot be read, rather than a file that cannot be decoded: the hint differs. */
  unmeasurable?: boolean;
}

/**
 * Turns an image problem into errors an author can act on: one per front-matter field naming the
 * image (file, line, field) and one per line of a Markdown body naming it, or, when nothing names
 * it, one on the image file itself. An image that cannot be used is never published, named or
 * not (a template may use it, or a visitor open it).
 */
export async function locateImageProblem(
  problem: ImageProblem,
  references: readonly ImageReference[],
  catalogue?: Catalogue,
): Promise<Diagnostic[]> {
  const words = diagnose('invalid-image', {
    url: problem.url,
    reason: problem.reason,
    name: path.basename(problem.file),
    unmeasurable: problem.unmeasurable,
  });
  const base = { ...words, expected: problem.expected, actual: `${JSON.stringify(problem.url)} (${problem.reason})` };
  const inBodies = catalogue
    ? bodyReferences(catalogue, problem.url).map(({ entry, line }): Diagnostic => ({ ...base, file: entry.file, line, field: 'body' }))
    : [];
  if (!references.length && !inBodies.length) return [{ ...base, file: problem.file }];
  const inFields = await Promise.all(
    references.map(async ({ entry, fieldPath }): Promise<Diagnostic> => {
      const location = await locate(entry, fieldPath);
      return { ...base, file: entry.file, ...location, field: formatField(fieldPath) };
    }),
  );
  return [...inFields, ...inBodies];
}

/** The lines of Markdown bodies that name an image's URL (in a link, an image or raw HTML). Asked only for images that cannot be used. */
function bodyReferences(catalogue: Catalogue, url: string): Array<{ entry: Entry; line: number }> {
  const found: Array<{ entry: Entry; line: number }> = [];
  const named = new RegExp(`${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w/.-])`);
  for (const entry of catalogue.entries) {
    if (!entry.body.includes(url)) continue;
    entry.body.split('\n').forEach((text, index) => {
      if (named.test(text)) found.push({ entry, line: entry.bodyLine + index });
    });
  }
  return found;
}

/** Where a field is written in an entry's file; the file is parsed again only for the rare entry with a bad image. */
async function locate(entry: Entry, fieldPath: PropertyKey[]): Promise<{ line?: number; column?: number }> {
  try {
    const text = await fs.readFile(entry.file, 'utf8');
    const { parsed } = parseSource({ file: entry.file, relative: entry.relative, text });
    return parsed ? locateField(parsed, fieldPath) : {};
  } catch {
    return {};
  }
}
