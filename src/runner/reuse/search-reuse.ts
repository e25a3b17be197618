import { CarriedFile } from '../../output/files.ts';
import type { CurrentOutput, OutputFile } from '../../output/write.ts';
import { ENTRY_FILE, SEARCH_FOLDER } from '../../search/index-site.ts';
import type { KnownFile } from './state.ts';

/**
 * The last build's search index, when it was made under `key` (kept with its entry file, see
 * `WriteContext.sources`) and its files are still the ones it wrote: carried over unread.
 */
export async function carrySearchIndex(
  key: string,
  last: { previousFiles: ReadonlyMap<string, KnownFile> | undefined; output: CurrentOutput | undefined },
): Promise<OutputFile[] | undefined> {
  const { previousFiles, output } = last;
  if (!previousFiles || !output || previousFiles.get(ENTRY_FILE)?.source !== key) return undefined;
  const files: OutputFile[] = [];
  for (const [path, known] of previousFiles) {
    if (!path.startsWith(`${SEARCH_FOLDER}/`)) continue;
    if (output.stamp(path) !== known.stamp) return undefined;
    files.push(new CarriedFile(path, known.hash, output));
  }
  return files;
}
