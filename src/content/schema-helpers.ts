import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** A reference to an entry of another collection by slug, resolved after every file is read. */
export class Ref {
  readonly collection: string;
  readonly slug: string;
  constructor(collection: string, slug: string) {
    this.collection = collection;
    this.slug = slug;
  }
  toJSON(): string {
    return this.slug;
  }
}

/** Schema builders that know about the site: image paths that must exist, references, dates. */
export interface SchemaHelpers {
  /** A root-relative path (`/images/x.svg`) to a file in the content or public folder. */
  asset(): z.ZodType<string>;
  /** The slug of an entry in another collection, checked once every file is read. */
  ref(collection: string): z.ZodType<Ref>;
  /** A real calendar date written `YYYY-MM-DD`. */
  date(): z.ZodType<string>;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for `YYYY-MM-DD` strings naming a day that exists (no 2024-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Builds the schema helpers for a site whose files live in these folders. */
export function createSchemaHelpers(assetDirs: readonly string[]): SchemaHelpers {
  const exists = (urlPath: string) =>
    assetDirs.some((dir) => {
      const file = path.join(dir, decodeURI(urlPath));
      return file.startsWith(dir + path.sep) && fs.existsSync(file);
    });
  return {
    asset: () =>
      z
        .string()
        .regex(/^\/[^\s]*$/, { error: 'a root-relative path like /images/name.svg', abort: true })
        .refine(exists, { params: { code: 'missing-image' }, error: 'names a file that does not exist' }),
    ref: (collection) => z.string().min(1).transform((slug) => new Ref(collection, slug)),
    date: () =>
      z
        .string({ error: 'a date written YYYY-MM-DD' })
        .regex(DATE, { error: 'a date written YYYY-MM-DD', abort: true })
        .refine(isCalendarDate, { params: { code: 'invalid-date' }, error: 'is not a real calendar date' }),
  };
}
