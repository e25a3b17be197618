import { CarriedFile, StagedFile } from '../../output/files.ts';
import type { OutputFile } from '../../output/write.ts';
import type { KnownFile } from './state.ts';

/** What a build must do to its output, and the record of every file for the next build. */
export interface OutputChanges {
  /** Files to write: new, changed, or changed in the output by someone else since the last build. */
  write: OutputFile[];
  /** Files of the output to keep as they are (their bytes and their file unchanged). */
  kept: string[];
  /** Files of the last output that this one no longer has. */
  removed: string[];
  /** Every file's hash and stamp (empty until written, for files to write). */
  files: Map<string, KnownFile>;
}

/**
 * Decides which files of a build to write: a file whose bytes hash as they did last time, and
 * whose file in the output still has the stamp the last build recorded (`stamps`: the output's
 * stamps now), is kept. A page carried over was checked against the output already; a page
 * staged as it was rendered is written already, and counts as a change only if the output
 * does not hold these bytes. Pure: the caller reads the stamps.
 */
export function outputChanges(
  output: readonly OutputFile[],
  hashOf: (file: OutputFile) => string,
  previous: ReadonlyMap<string, KnownFile> | undefined,
  stamps: ReadonlyMap<string, string | undefined>,
): OutputChanges {
  // Two stages naming one path: the later wins, as it would on disk.
  const byPath = new Map(output.map((file) => [file.path, file]));
  const changes: OutputChanges = { write: [], kept: [], removed: [], files: new Map() };
  for (const file of byPath.values()) {
    const hash = hashOf(file);
    const known = previous?.get(file.path);
    const untouched = known?.hash === hash && (file instanceof CarriedFile || stamps.get(file.path) === known.stamp);
    if (untouched) {
      changes.files.set(file.path, known);
      if (!(file instanceof StagedFile)) changes.kept.push(file.path);
    } else {
      changes.files.set(file.path, { hash, stamp: '' });
      changes.write.push(file);
    }
  }
  if (previous) changes.removed = [...previous.keys()].filter((path) => !byPath.has(path));
  return changes;
}
