import { digest } from '../core/digest.ts';
import { outputChanges } from './reuse/output-changes.ts';
import type { KnownFile } from './reuse/state.ts';
import { CarriedFile, StagedFile } from '../output/files.ts';
import { FileFromDisk, type OutputFile, type Staging, type Writer } from '../output/write.ts';

export interface WriteReport {
  /** Every output file with its hash and stamp, for the next build. */
  files: Map<string, KnownFile>;
  /** Files written (new or changed). */
  written: string[];
  /** Files of the last output that this one no longer has. */
  removed: string[];
  /** The build rendered, wrote and removed nothing. */
  unchanged: boolean;
}

/** What writing needs to know of the build besides its files. */
export interface WriteContext {
  /** The pages: their hashes, and which of them were written to the staging area as they were rendered. */
  pages: { hashes: ReadonlyMap<string, string>; staged: ReadonlyMap<string, string>; rendered: number };
  /** The social images: each drawn image's cache key is kept with its file, to carry it over next time. */
  socialImages: { jobs: ReadonlyArray<{ outPath: string; key: string }> };
  /** Other files whose source key is kept for the next build (the search index's, see `search/index-site.ts`). */
  sources?: ReadonlyArray<{ outPath: string; key: string }>;
  /** The output files as the last build left them. */
  last: { previousFiles: ReadonlyMap<string, KnownFile> | undefined };
  staging?: Staging;
}

/**
 * Writes a build's output, touching only what changed (see `outputChanges`). When nothing changed
 * at all, the output is not touched. A writer without a current output gets everything.
 */
export async function writeOutput(
  writer: Writer,
  output: readonly OutputFile[],
  { pages, socialImages, sources = [], last, staging }: WriteContext,
): Promise<WriteReport> {
  const hashOf = (file: OutputFile) =>
    pages.hashes.get(file.path) ?? (file instanceof CarriedFile || file instanceof FileFromDisk ? file.hash : digest(file.contents));
  const current = writer.current;
  if (!current) {
    await writer.write(output);
    return {
      files: new Map(output.map((file) => [file.path, { hash: hashOf(file), stamp: '' }])),
      written: output.map((file) => file.path),
      removed: [],
      unchanged: false,
    };
  }
  const previous = last.previousFiles;
  const stamps = new Map<string, string | undefined>();
  for (const file of output)
    if (previous?.has(file.path) && !(file instanceof CarriedFile)) stamps.set(file.path, current.stamp(file.path));
  const changes = outputChanges(output, hashOf, previous, stamps);
  const { files, write, kept, removed } = changes;
  // Kept even when the file itself is unchanged: an index of the same bytes made from other pages is still this build's.
  for (const { outPath, key } of sources) if (files.has(outPath)) files.set(outPath, { ...files.get(outPath)!, source: key });
  const report = { files, written: write.map((file) => file.path), removed };
  if (write.length === 0 && removed.length === 0 && previous) return { ...report, unchanged: pages.rendered === 0 };

  // Pages already staged stay where they are (with the stamps they got there); kept files join them, the rest is written.
  const written = staging
    ? await staging.commit(
        write.filter((file) => !(file instanceof StagedFile)),
        kept,
      )
    : await current.update(write, kept);
  if (staging) for (const [path, stamp] of pages.staged) files.set(path, { ...files.get(path)!, stamp });
  for (const [path, stamp] of written) files.set(path, { ...files.get(path)!, stamp });
  for (const { outPath, key } of socialImages.jobs) if (files.has(outPath)) files.set(outPath, { ...files.get(outPath)!, source: key });
  return { ...report, unchanged: false };
}
