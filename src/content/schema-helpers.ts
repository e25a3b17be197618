import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { closest } from '../diagnostics/suggest.ts';
import { folderOf, isRelative, resolveRelative } from '../core/urls.ts';
import { say } from '../diagnostics/catalogue/index.ts';

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
  /**
   * A path to a file in the content or public folder: root-relative (`/images/x.svg`), or relative
   * to the content file's folder (`./diagram.png` beside `posts/hello/index.md`), which becomes
   * the root-relative path of that file (`/posts/hello/diagram.png`).
   */
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
  const [hours = 0, minutes = 0, seconds = 0] = (/T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value)?.slice(1) ?? []).map((part) =>
    Number(part ?? 0),
  );
  const [offsetHours = 0, offsetMinutes = 0] = (/[+-](\d{2}):(\d{2})$/.exec(value)?.slice(1) ?? []).map(Number);
  return hours <= 23 && minutes <= 59 && seconds <= 59 && offsetHours <= 23 && offsetMinutes <= 59;
}

/** A date as `date()` keeps it: a calendar date as written, a date and time as the same moment in UTC. */
export function normalizeDate(value: string): string {
  if (DATE.test(value)) return value;
  const zoned = /(?:Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`;
  return new Date(zoned).toISOString().replace('.000Z', 'Z');
}

/** The folder, root-relative, of the content file being validated: what relative `asset()` paths resolve against. */
let validating = '/';

/**
 * Runs a validation of the content file at `relative` (relative to the content folder). Schemas are
 * built once per build and zod hands a check no context of its own, so the file's folder is
 * set here for the length of the (synchronous) parse.
 */
export function validatingFile<T>(relative: string, validate: () => T): T {
  const outer = validating;
  validating = folderOf(relative);
  try {
    return validate();
  } finally {
    validating = outer;
  }
}

const ASSET_FORMAT = "a root-relative path like /images/name.svg, or one relative to the page's file like ./name.svg";

/** Builds the schema helpers for a site whose files live in these folders. */
export function createSchemaHelpers(assetDirs: readonly string[]): SchemaHelpers {
  const fileOf = (dir: string, urlPath: string) => {
    const file = path.join(dir, safeDecode(urlPath));
    return file.startsWith(dir + path.sep) ? file : undefined;
  };
  const exists = (urlPath: string) =>
    assetDirs.some((dir) => {
      const file = fileOf(dir, urlPath);
      return file !== undefined && fs.existsSync(file);
    });
  /** The nearest file name in the folder a missing path points into, written the way the author wrote theirs. */
  const nearest = (written: string, resolved: string): string | undefined => {
    const folder = path.posix.dirname(resolved);
    const names = assetDirs.flatMap((dir) => {
      const inside = fileOf(dir, `${folder}/x`);
      try {
        return inside ? fs.readdirSync(path.dirname(inside)) : [];
      } catch {
        return [];
      }
    });
    const name = closest(path.posix.basename(resolved), names);
    if (!name) return undefined;
    return written === resolved ? `${folder === '/' ? '' : folder}/${name}` : written.replace(/[^/]*$/, name);
  };
  return {
    asset: () =>
      z
        .string()
        .regex(/^[^\s]+$/, { error: ASSET_FORMAT, abort: true })
        .refine((value) => value.startsWith('/') || isRelative(value), { error: ASSET_FORMAT, abort: true })
        .transform((value, context) => {
          const resolved = value.startsWith('/') ? value : resolveRelative(value, validating);
          if (!exists(resolved)) {
            const suggestion = nearest(value, resolved);
            context.issues.push({
              code: 'custom',
              input: value,
              params: { code: 'missing-image', hint: say('missing-image', { suggestion }).hint },
              message: say('missing-image', { resolved: resolved === value ? undefined : resolved }).message,
            });
          }
          return resolved;
        }),
    ref: (collection) =>
      z
        .string()
        .min(1)
        .transform((slug) => new Ref(collection, slug)),
    date: () =>
      z
        .string({ error: DATE_FORMAT })
        .regex(DATE_OR_DATE_TIME, { error: DATE_FORMAT, abort: true })
        .refine((value) => isCalendarDate(value.slice(0, 10)), {
          params: { code: 'invalid-date' },
          error: say('invalid-date', {}).message,
          abort: true,
        })
        .refine(isTimeOfDay, { params: { code: 'invalid-date' }, error: say('invalid-date', { time: true }).message, abort: true })
        .transform(normalizeDate),
  };
}

function safeDecode(urlPath: string): string {
  try {
    return decodeURI(urlPath);
  } catch {
    return urlPath;
  }
}
