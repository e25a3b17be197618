import { parseFile, withoutBom, type ParsedFile } from '../content/parse-file.ts';
import type { FileParser } from '../content/read.ts';
import type { SourceFile } from '../content/scan.ts';
import type { Entry } from '../content/entry.ts';
import { digest } from '../core/digest.ts';
import type { KnownEntry } from './reuse/state.ts';
import type { Site } from '../site/definition.ts';
import { decodeEntry } from './entry-codec.ts';
import type { WorkerPool } from './render-pool.ts';

/** How the runner reads content, and what it keeps of it for the next build. */
export interface ContentReader extends FileParser {
  /** What the next build needs to take each valid file's entry without parsing it (see `KnownEntry`). */
  known: Map<string, KnownEntry>;
}

/**
 * Turns content files into entries for `readContent`: a file whose text is what the last build
 * validated (`last.entries`) is not parsed again; many files are parsed on worker threads, a few
 * here, each with `parseFile`.
 */
export function contentReader(site: Site, last?: { entries?: ReadonlyMap<string, KnownEntry> }, workers?: WorkerPool): ContentReader {
  const previous = last?.entries;
  const known = new Map<string, KnownEntry>();
  return {
    known,
    // With nothing to reuse, every file will be parsed: workers, if there are to be any, start
    // loading the site now, while the files are read.
    listed: (count) => void (!previous?.size && workers?.get(count, count)),
    async parse(sources) {
      const results: Array<ParsedFile & { hash: string }> = new Array(sources.length);
      const hashes = sources.map((source) => digest(source.text));
      const settle = (i: number, parsed: ParsedFile, bodyStart?: number) => {
        const { text, relative } = sources[i]!;
        const hash = hashes[i]!;
        results[i] = { ...parsed, hash };
        if (!parsed.entry) return;
        const { body, ...entry } = parsed.entry;
        known.set(relative, { hash, entry, bodyStart: bodyStart ?? withoutBom(text).length - body.length });
      };
      // A file whose text is what the last build validated gives the same entry: schemas, the
      // content folder and the images are part of the cache key, so they have not changed either.
      const toParse: number[] = [];
      for (const [i, source] of sources.entries()) {
        const reused = previous?.get(source.relative);
        if (reused && reused.hash === hashes[i]) settle(i, { entry: withBody(reused, source), syntax: [], schema: [] }, reused.bodyStart);
        else toParse.push(i);
      }
      // Many files are parsed on the worker threads (which render the pages afterwards); a few, here.
      const pool = workers?.get(toParse.length, sources.length);
      const parseHere = (n: number) => settle(toParse[n]!, parseFile(site, sources[toParse[n]!]!));
      let left = toParse.map((_, n) => n);
      if (pool) {
        left = await pool.parse(
          toParse.map((i, index) => ({ index, file: sources[i]!.file, relative: sources[i]!.relative, text: sources[i]!.text })),
          ({ index, entry, bodyStart, syntax, schema }) => {
            const source = sources[toParse[index]!]!;
            // Entries cross from a worker encoded (see `entry-codec.ts`), without the body the main thread has already.
            settle(
              toParse[index]!,
              { syntax, schema, entry: entry && decodeEntry({ ...entry, body: withoutBom(source.text).slice(bodyStart) }) },
              bodyStart,
            );
          },
          parseHere,
        );
      }
      left.forEach(parseHere);
      return results;
    },
  };
}

function withBody(known: KnownEntry, source: SourceFile): Entry {
  return { ...known.entry, body: withoutBom(source.text).slice(known.bodyStart) } as Entry;
}
