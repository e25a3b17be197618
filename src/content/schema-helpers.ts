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
  /**
   * A real calendar date written `YYYY-MM-DD`, kept as written, or an ISO 8601 date and time
   * (`2026-01-15T10:00:00Z`, `2026-01-15T12:00+02:00`), kept as the same moment in UTC
   * (`2026-01-15T10:00:00Z`) so that dates compare as text; a time without an offset is read as UTC.
   */
  date(): z.ZodType<string>;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_OR_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;
const DATE_FORMAT = 'a date written YYYY-MM-DD, or a date and time such as 2026-01-15T10:00:00Z';

/** True for `YYYY-MM-DD` strings naming a day that exists (no 2024-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** True when the time of a date and time in `DATE_OR_DATE_TIME`'s form (if it has one) and its offset exist: no 24:00, no +25:00. */
function isTimeOfDay(value: string): boolean {
  const [hours = 0, minutes = 0, seconds = 0] = (/T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value)?.slice(1) ?? []).map((part) => Number(part ?? 0));
  const [offsetHours = 0, offsetMinutes = 0] = (/[+-](\d{2}):(\d{2})$/.exec(value)?.slice(1) ?? []).map(Number);
  return hours <= 23 && minutes <= 59 && seconds <= 59 && offsetHours <= 23 && offsetMinutes <= 59;
}

/** A date as `date()` keeps it: a calendar date as written, a date and time as the same moment in UTC. */
export function normalizeDate(value: string): string {
  if (DATE.test(value)) return value;
  const zoned = /(?:Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`;
  return new Date(zoned).toISOString().replace('.000Z', 'Z');
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
        .string({ error: DATE_FORMAT })
        .regex(DATE_OR_DATE_TIME, { error: DATE_FORMAT, abort: true })
        .refine((value) => isCalendarDate(value.slice(0, 10)), { params: { code: 'invalid-date' }, error: 'is not a real calendar date', abort: true })
        .refine(isTimeOfDay, { params: { code: 'invalid-date' }, error: 'is not a real time of day', abort: true })
        .transform(normalizeDate),
  };
}
