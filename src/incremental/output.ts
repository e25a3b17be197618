import { FileFromDisk, forEachLimited, type OutputFile, type Staging, type Writer } from '../output/write.ts';
import { digest } from './facts.ts';
import { CarriedFile, StagedFile } from './pages.ts';
import type { KnownFile } from './state.ts';

export interface WriteReport {
  /** Every output file with its hash and stamp, for the next build. */
  files: Map<string, KnownFile>;
  /** Files written (new or changed). */
  written: string[];
  /** Files of the last output that this one no longer has. */
  removed: string[];
}

/**
 * Writes a build's output, touching only what changed: a file whose bytes hash as they did last
 * time, and whose file in the output is still the one written then, is kept as it is. When
 * nothing changed at all, the output is not touched. Writers without a `current` output get
 * everything, as before.
 */
export interface WriteInput {
  /** Hashes known already (rendered pages), by path; anything else is hashed here. */
  hashes: ReadonlyMap<string, string>;
  /** The output files as the last build left them. */
  previous: ReadonlyMap<string, KnownFile> | undefined;
  /** Pages written to a staging area as they were rendered, with their stamps. */
  staged?: { staging: Staging; stamps: ReadonlyMap<string, string> };
  /** What some files were made from (a social image's cache key), by path, kept for the next build. */
  sources?: ReadonlyMap<string, string>;
}

export async function writeChanged(writer: Writer, output: readonly OutputFile[], { hashes: knownHashes, previous, staged, sources }: WriteInput): Promise<WriteReport> {
  // Two stages naming one path: the later wins, as it would on disk.
  const byPath = new Map(output.map((file) => [file.path, file]));
  const hashOf = (file: OutputFile) =>
    knownHashes.get(file.path) ?? (file instanceof CarriedFile || file instanceof FileFromDisk ? file.hash : digest(file.contents));
  const current = writer.current;
  if (!current) {
    await writer.write([...byPath.values()]);
    return { files: new Map([...byPath.values()].map((file) => [file.path, { hash: hashOf(file), stamp: '' }])), written: [...byPath.keys()], removed: [] };
  }

  const write: OutputFile[] = [];
  const kept: string[] = [];
  const files = new Map<string, KnownFile>();
  await forEachLimited([...byPath.values()], 64, async (file) => {
    const hash = hashOf(file);
    const known = previous?.get(file.path);
    if (file instanceof StagedFile) {
      // Written already; it only counts as a change if the output does not hold these bytes
      // (it may have been rendered again because its file in the output was edited or deleted).
      if (known?.hash === hash && (await current.stamp(file.path)) === known.stamp) files.set(file.path, known);
      else {
        files.set(file.path, { hash, stamp: '' });
        write.push(file);
      }
      return;
    }
    // Carried pages were checked against the output already; anything else is checked here.
    const same = known?.hash === hash && (file instanceof CarriedFile || (await current.stamp(file.path)) === known.stamp);
    if (same) {
      kept.push(file.path);
      files.set(file.path, known);
    } else {
      write.push(file);
      files.set(file.path, { hash, stamp: '' });
    }
  });
  const removed = previous ? [...previous.keys()].filter((path) => !byPath.has(path)) : [];
  if (write.length === 0 && removed.length === 0 && previous) return { files, written: [], removed };
  // (Kept files keep their record, source included; new ones get theirs below.)

  // Pages already staged stay where they are (with the stamps they got there); kept files join them, the rest is written.
  const stamps = staged ? await staged.staging.commit(write.filter((file) => !(file instanceof StagedFile)), kept, previous ? removed : undefined) : await current.update(write, kept);
  if (staged) for (const [path, stamp] of staged.stamps) files.set(path, { ...files.get(path)!, stamp });
  for (const [path, stamp] of stamps) files.set(path, { ...files.get(path)!, stamp });
  for (const [path, source] of sources ?? []) if (files.has(path)) files.set(path, { ...files.get(path)!, source });
  return { files, written: write.map((file) => file.path), removed };
}
