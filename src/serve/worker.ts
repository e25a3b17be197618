import { parentPort, workerData } from 'node:worker_threads';
import { createBuilder } from './builder.ts';
import { SiteDefinitionError } from '../diagnostics/config-error.ts';
import { hasErrors } from '../diagnostics/diagnostics.ts';
import { formatDiagnostics, formatDiagnosticLine } from '../diagnostics/print.ts';
import { loadSite, withContent } from '../site/load.ts';
import { memoryWriter } from '../output/write.ts';
import { namedFiles } from '../site/named-files.ts';

/** What one build in the worker reports back to the dev server. */
export type WorkerResult =
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
    }
  | { ok: false; report: string; lines: string[] };

/** Told once the site has loaded: which folders hold its content, and which files and folders its code. */
export interface WorkerSources {
  sources: { content: string[]; code: string[]; codeFolders: string[] };
}

/** What the dev server asks of the worker: build again after a content edit. */
export type WorkerRequest = 'rebuild';

const { root, config, origin, content, verbose } = workerData as { root: string; config?: string; origin?: string; content?: string; verbose?: boolean };

/**
 * A warm build worker. It loads the site once and keeps a builder, so a content edit re-reads,
 * re-renders and re-sends only what it affects. Template and engine edits need fresh modules,
 * so the dev server replaces the whole worker for those.
 */
const report = (message: WorkerResult | WorkerSources) => parentPort!.postMessage(message);
const failed = (error: unknown): WorkerResult => {
  // A mistake in the site definition is a report of its own, with the stacks of the site's code when verbose.
  const text = error instanceof SiteDefinitionError ? error.report(verbose) : error instanceof Error ? (error.stack ?? error.message) : String(error);
  return { ok: false, report: text, lines: [text.split('\n')[0] ?? text] };
};

try {
  const site = withContent(await loadSite(root, config), content);
  const named = namedFiles(site);
  const code = [...site.code!.files, ...named.files];
  const contentDirs = [site.contentDir, ...(site.publicDir ? [site.publicDir] : [])];
  report({ sources: { content: contentDirs, code, codeFolders: named.folders } });
  // Components only MDX content imports are rebuilt like content: the next build bundles the MDX
  // again, into a module of a new name, so this worker can import it (see `render/mdx.ts`).
  let mdxInputs: string[] = [];
  const reportMdxInputs = (inputs: string[] = []) => {
    const own = inputs.filter((file) => !code.includes(file));
    if (own.join('\n') === mdxInputs.join('\n')) return;
    mdxInputs = own;
    report({ sources: { content: [...contentDirs, ...own], code, codeFolders: named.folders } });
  };
  const writer = memoryWriter();
  // The dev server shows drafts, each marked as one on its page.
  const builder = createBuilder(site, writer, { origin, minify: false, drafts: true });
  let complete = true;
  const run = async (): Promise<WorkerResult> => {
    const result = await builder.rebuild();
    reportMdxInputs(result.mdxInputs);
    if (hasErrors(result.diagnostics)) {
      return {
        ok: false,
        report: formatDiagnostics(result.diagnostics, { cwd: root, fileCount: result.fileCount, verbose, outcome: 'Still serving the last good build.' }),
        lines: result.diagnostics.map((d) => formatDiagnosticLine(d, root)),
      };
    }
    const paths = complete ? [...writer.files.keys()] : result.changed;
    const files = paths.flatMap((path): Array<[string, Uint8Array]> => {
      const bytes = writer.files.get(path);
      return bytes ? [[path, bytes]] : [];
    });
    const removed = complete ? [] : result.changed.filter((path) => !writer.files.has(path));
    const message: WorkerResult = { ok: true, files, removed, complete, pages: result.routes.length, rendered: result.pages?.rendered ?? 0, fileCount: result.fileCount };
    complete = false;
    return message;
  };
  report(await run().catch(failed));
  parentPort!.on('message', (request: WorkerRequest) => {
    if (request === 'rebuild') void run().catch(failed).then(report);
  });
} catch (error) {
  report(failed(error));
}
