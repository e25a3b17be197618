// This worker loads the site's code, which gets this engine (see site/engine-modules.ts).
import '../provide-engine.ts';
import { createBuilder } from './builder.ts';
import { SiteDefinitionError } from '../diagnostics/config-error.ts';
import { hasErrors } from '../diagnostics/diagnostics.ts';
import { diagnosticLines, formatDiagnostics, formatDiagnosticLine } from '../diagnostics/print.ts';
import { loadSite, withContent } from '../site/load.ts';
import { memoryWriter } from '../output/write.ts';
import { namedFiles } from '../site/named-files.ts';
import type { Site } from '../site/definition.ts';
import type { DevBuildOutcome, DevBuildResult, DevBuildSetup, DevBuildSources } from './dev-build-protocol.ts';

/*
 * The build worker's side of the dev server (see `dev-builder.ts`): the runner's worker imports
 * this module for a program task and calls its default export with the task's input.
 */

const failed = (error: unknown, verbose?: boolean): DevBuildOutcome => {
  // A mistake in the site definition is a report of its own, with the stacks of the site's code when verbose.
  const text =
    error instanceof SiteDefinitionError ? error.report(verbose) : error instanceof Error ? (error.stack ?? error.message) : String(error);
  return { ok: false, report: text, lines: [text.split('\n')[0] ?? text] };
};

/** This worker's builder, made by its first build task: a worker builds one site. */
let session: Promise<{ run(): Promise<DevBuildResult> }> | undefined;

/** A build, in the worker: the first loads the site and builds it all, later ones rebuild what changed. */
export default async function buildInWorker(setup: DevBuildSetup): Promise<DevBuildResult> {
  session ??= startSession(setup);
  try {
    const { run } = await session;
    return await run().catch((error) => failed(error, setup.verbose));
  } catch (error) {
    // The site could not be loaded: the next task tries again (the dev server replaces the worker on the fix anyway).
    session = undefined;
    return failed(error, setup.verbose);
  }
}

async function startSession({ root, config, origin, content, verbose, offline }: DevBuildSetup) {
  const site: Site = withContent(await loadSite(root, config), content);
  const named = namedFiles(site);
  const code = [...site.code!.files, ...named.files];
  const contentDirs = [site.contentDir, ...(site.publicDir ? [site.publicDir] : [])];
  // Components only MDX content imports are rebuilt like content: the next build bundles the MDX
  // again, into a module of a new name, so this worker can import it (see `render/mdx.ts`).
  let mdxInputs: string[] = [];
  const sources = (): DevBuildSources['sources'] => ({ content: [...contentDirs, ...mdxInputs], code, codeFolders: named.folders });
  const writer = memoryWriter();
  // The dev server shows drafts, each marked as one on its page.
  const builder = createBuilder(site, writer, { origin, minify: false, drafts: true, offline });
  let complete = true;
  const run = async (): Promise<DevBuildResult> => {
    const result = await builder.rebuild();
    mdxInputs = (result.mdxInputs ?? []).filter((file) => !code.includes(file));
    if (hasErrors(result.diagnostics)) {
      return {
        ok: false,
        report: formatDiagnostics(result.diagnostics, {
          cwd: root,
          fileCount: result.fileCount,
          contentDir: site.contentDir,
          verbose,
          outcome: 'Still serving the last good build.',
        }),
        lines: result.diagnostics.map((d) => formatDiagnosticLine(d, root)),
        sources: sources(),
      };
    }
    const paths = complete ? [...writer.files.keys()] : result.changed;
    const files = paths.flatMap((path): Array<[string, Uint8Array]> => {
      const bytes = writer.files.get(path);
      return bytes ? [[path, bytes]] : [];
    });
    const removed = complete ? [] : result.changed.filter((path) => !writer.files.has(path));
    const message: DevBuildResult = {
      ok: true,
      files,
      removed,
      complete,
      pages: result.routes.length,
      rendered: result.pages?.rendered ?? 0,
      fileCount: result.fileCount,
      warnings: diagnosticLines(result.diagnostics, { cwd: root, verbose }),
      sources: sources(),
    };
    complete = false;
    return message;
  };
  return { run };
}
