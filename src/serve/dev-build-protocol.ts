/**
 * What the dev server and its build worker say to each other (see `dev-builder.ts`): the worker
 * runs `dev-build-thread.ts` as a program task of the runner's pool (`runner/protocol.ts`).
 */

/** What one build in the worker reports back to the dev server. */
export type DevBuildResult = DevBuildOutcome & Partial<DevBuildSources>;

export type DevBuildOutcome =
  | {
      ok: true;
      /** Every output file after the first build; after that only the files this build wrote. */
      files: Array<[string, Uint8Array]>;
      /** Output files this build removed. */
      removed: string[];
      /** True when `files` is the whole output (the first build of a worker). */
      complete: boolean;
      pages: number;
      rendered: number;
      fileCount: number;
      /** The build's warnings, as the terminal shows them (none: empty). */
      warnings: string[];
    }
  | { ok: false; report: string; lines: string[] };

/** Told with each build once the site has loaded: which folders hold its content, and which files and folders its code. */
export interface DevBuildSources {
  sources: { content: string[]; code: string[]; codeFolders: string[] };
}

/** The site the dev server builds, as `site serve` was told it. */
export interface DevBuildSetup {
  root: string;
  config?: string;
  origin?: string;
  content?: string;
  verbose?: boolean;
  /** Build collections with a loader from their last result (`--offline`). */
  offline?: boolean;
}
