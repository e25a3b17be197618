import { build, type BuildOptions, type BuildResult } from '../build.ts';
import type { BuildMemory } from '../runner/reuse/last-build.ts';
import type { Site } from '../site/definition.ts';
import type { Writer } from '../output/write.ts';

/** One build of a builder, with the output paths it changed. */
export interface Rebuild extends BuildResult {
  /** Output files written or removed by this build (empty when nothing changed or the build failed). */
  changed: string[];
}

/** Builds one site into one output again and again, keeping what the next build can reuse in memory. */
export interface Builder {
  /** Builds, re-rendering only pages whose content, or whose content they show, changed since the last build. */
  rebuild(): Promise<Rebuild>;
}

/**
 * A builder for a long-lived process such as the dev server: the code fingerprint, the entries
 * and the record of what each page read stay in memory between builds, so an edit to one file
 * re-reads, re-renders and re-writes only what it affects. Edits to templates or engine code
 * need a new process (modules cannot be imported twice), and with it a new builder.
 */
export function createBuilder(site: Site, writer: Writer, options: BuildOptions = {}): Builder {
  // Without a module to fingerprint, the code is what this process loaded: fixed for the builder's life.
  const memory: BuildMemory = {
    filesFingerprint: {},
    staticFiles: {},
    images: {},
    ...(site.code ? {} : { code: `process:${process.pid}:${Date.now()}` }),
  };
  return {
    async rebuild() {
      const result = await build(site, writer, options, memory);
      return { ...result, changed: result.written ? [...result.written.files, ...result.written.removed] : [] };
    },
  };
}
