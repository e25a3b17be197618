import fs from 'node:fs/promises';
import type { Catalogue } from '../content/catalogue.ts';
import type { Entry } from '../content/entry.ts';
import { formatField, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { locateField } from '../content/locate.ts';
import { parseSource } from '../content/parse.ts';

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
    } else if (Array.isArray(value)) value.forEach((item, index) => visit(entry, item, [...fieldPath, index]));
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
  hint: string;
}

/**
 * Turns an image problem into diagnostics an author can act on: one per front-matter field naming
 * the image (file, line, field), or, when no field names it, one warning on the image file itself
 * (a template may still use it, and then fails the page that does).
 */
export async function locateImageProblem(problem: ImageProblem, references: readonly ImageReference[]): Promise<Diagnostic[]> {
  const message = `The image ${problem.url} cannot be used: ${problem.reason}`;
  const base = { code: 'invalid-image', expected: problem.expected, actual: `${JSON.stringify(problem.url)} (${problem.reason})`, hint: problem.hint, message } as const;
  if (!references.length) return [{ ...base, severity: 'warning', file: problem.file }];
  return Promise.all(
    references.map(async ({ entry, fieldPath }): Promise<Diagnostic> => {
      const location = await locate(entry, fieldPath);
      return { ...base, severity: 'error', file: entry.file, ...location, field: formatField(fieldPath) };
    }),
  );
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
