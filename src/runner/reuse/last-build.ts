import fs from 'node:fs/promises';
import path from 'node:path';
import type { BundledAssets } from '../../assets/bundle.ts';
import type { PreparedImages } from '../../images/prepare.ts';
import type { OgCode } from '../../og/plan.ts';
import type { Kept } from '../../core/file-stamps.ts';
import type { Site } from '../../site/definition.ts';
import type { CurrentOutput, OutputFile, Writer } from '../../output/write.ts';
import { digest } from '../../core/digest.ts';
import { codeFingerprint, filesFingerprint, type EngineCode } from './fingerprint.ts';
import { namedFiles, siteBounds } from '../../site/named-files.ts';
import { dataFilesOf } from '../../content/parse-file.ts';
import { BUILD_CACHE_FOLDER, changedSince, dropReceipt, receiptFile, takeSnapshot, writeReceipt, type ReceiptSummary } from './receipt.ts';
import { loadState, saveState, stateFile, type BuildState, type KnownEntry, type KnownFile } from './state.ts';

/** Where builds keep what later builds can reuse. */
export interface BuildCacheOptions {
  /** The folder of the cache on disk, one file per output folder (default: `.site-cache/build` in the site's root). */
  dir?: string;
  /**
   * What the caller was asked, as a key (see `requestKey`). With it, a build into a folder on
   * disk leaves a receipt there too, and the next identical request can skip the build when
   * nothing changed (see `receipt.ts`).
   */
  request?: string;
}

/** What a long-lived builder keeps between its builds, so it need not read its cache from disk each time. */
export interface BuildMemory {
  /** The code fingerprint: code cannot change under a running process, so it is computed once. */
  code?: string;
  state?: BuildState;
  /** The client code and styles, which depend on code alone. */
  assets?: BundledAssets;
  /** The social images' code, fingerprinted once for the same reason. */
  og?: Promise<OgCode>;
  /** Values worked out from the content and public folders' files besides Markdown, kept with those files' stamps (see `file-stamps.ts`): a builder's memory has these places from the start. */
  filesFingerprint?: Kept<string>;
  staticFiles?: Kept<OutputFile[]>;
  images?: Kept<PreparedImages>;
}

/** What the last build into the same output left, for each stage to reuse what it can; and where this build's state goes. */
export interface LastBuild {
  /** Entries the last build validated, when nothing validation depends on has changed since. */
  readonly entries: ReadonlyMap<string, KnownEntry> | undefined;
  /** The output as the last build left it (a writer that keeps none has none). */
  readonly output: CurrentOutput | undefined;
  /** The build's full key: the entries key plus whatever else every page depends on (origin, assets, …). */
  key(parts: readonly unknown[]): string;
  /** The last build's state if its key is `key`: only then may its pages be carried over. */
  previous(key: string): BuildState | undefined;
  /** The output files as the last build left them, whatever its key: unchanged bytes need no rewrite. */
  readonly previousFiles: ReadonlyMap<string, KnownFile> | undefined;
  /**
   * Keeps this build's state for the next one (in memory for a builder, on disk for an output
   * folder), and leaves the receipt of a successful build when one was asked for. `unchanged`:
   * the build rendered and wrote nothing, so the state on disk is still right and is only marked as used.
   */
  save(state: Omit<BuildState, 'entriesKey'>, summary: ReceiptSummary, unchanged: boolean): Promise<void>;
}

/**
 * Opens what the last build into this output left. Nothing persists unless the site was loaded
 * from its code (the code fingerprint needs it) and the writer names its output (the state is
 * kept per output folder); a builder keeps its state in memory either way.
 */
export async function openLastBuild(
  site: Site,
  writer: Writer,
  options: BuildCacheOptions | false | undefined,
  warm?: BuildMemory,
): Promise<LastBuild> {
  const location = writer.current?.location;
  // Output that does not outlive the process, built once: there is nothing to reuse or keep.
  if (options === false || (!location && !warm)) return NO_CACHE;
  const cacheDir = (options || undefined)?.dir ?? path.join(site.root, BUILD_CACHE_FOLDER);
  const folders = [site.contentDir, ...(site.publicDir ? [site.publicDir] : [])];
  // A loader's source is no file a receipt can stamp: a site with one is always built.
  const loads = site.collections.some((collection) => collection.load);
  const request = location && site.code && !loads ? (options || undefined)?.request : undefined;
  const fingerprint = warm?.code || !site.code ? undefined : await codeFingerprint(site.code, site.root);
  // Taken before any content is read: a file edited while this build runs shows a newer time than the receipt's.
  const snapshot = request ? inputSnapshot(site, folders, fingerprint!.watch) : undefined;
  const code = warm?.code ?? fingerprint?.key;
  if (!code) return NO_CACHE;
  if (warm) warm.code = code;
  const file = location && site.code ? stateFile(cacheDir, location) : undefined;
  const loaded = warm?.state ?? (file ? await loadState(file) : undefined);
  const entriesKey = digest(
    JSON.stringify([
      code,
      ...folders,
      await filesFingerprint(folders, siteBounds(site, location), warm?.filesFingerprint, {
        dir: site.contentDir,
        isData: dataFilesOf(site),
      }),
    ]),
  );
  return {
    entries: loaded?.entriesKey === entriesKey ? loaded.entries : undefined,
    output: writer.current,
    key: (parts) => digest(JSON.stringify([entriesKey, ...parts])),
    previous: (key) => (loaded?.key === key ? loaded : undefined),
    previousFiles: loaded?.files,
    async save(state, summary, unchanged) {
      const full: BuildState = { ...state, entriesKey };
      if (warm) warm.state = full;
      if (file && unchanged && loaded) {
        const now = new Date();
        await fs.utimes(file, now, now).catch(() => saveState(file, full));
      } else if (file) await saveState(file, full);
      if (!request || !snapshot || !location) return;
      const receipt = receiptFile(cacheDir, location);
      // The site's code was loaded when this process started: a file changed since may not be what was built.
      if (changedSince(snapshot, performance.timeOrigin).length > 0) return dropReceipt(receipt);
      writeReceipt(receipt, {
        request,
        out: path.resolve(location),
        inputs: snapshot,
        outputs: [...state.files].map(([file, known]) => [file, known.stamp]),
        summary,
      });
    },
  };
}

/** A build that reuses nothing and keeps nothing. */
const NO_CACHE: LastBuild = {
  entries: undefined,
  output: undefined,
  key: () => '',
  previous: () => undefined,
  previousFiles: undefined,
  save: async () => {},
};

/** What a receipt compares: the content folders, the engine, the site's code and the files it names by path. */
function inputSnapshot(site: Site, folders: readonly string[], engine: EngineCode) {
  const named = namedFiles(site);
  return takeSnapshot([...folders, ...engine.folders, ...named.folders], [...site.code!.files, ...engine.files, ...named.files]);
}
