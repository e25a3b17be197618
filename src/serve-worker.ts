import { parentPort, workerData } from 'node:worker_threads';
import { build } from './build.ts';
import { formatDiagnostics, formatDiagnosticLine, hasErrors } from './diagnostics.ts';
import { loadSite, withContent } from './load-site.ts';
import { memoryWriter } from './write.ts';

/** What one build in a worker reports back to the dev server. */
export type WorkerResult =
  | { ok: true; files: Array<[string, Uint8Array]>; pages: number; fileCount: number }
  | { ok: false; report: string; lines: string[] };

const { root, origin, content } = workerData as { root: string; origin?: string; content?: string };

// Each build runs in a fresh worker, so edits to templates and engine code are imported anew.
try {
  const site = withContent(await loadSite(root), content);
  const writer = memoryWriter();
  const result = await build(site, writer, { origin, minify: false });
  const message: WorkerResult = hasErrors(result.diagnostics)
    ? {
        ok: false,
        report: formatDiagnostics(result.diagnostics, { cwd: root, fileCount: result.fileCount, outcome: 'Still serving the last good build.' }),
        lines: result.diagnostics.map((d) => formatDiagnosticLine(d, root)),
      }
    : { ok: true, files: [...writer.files], pages: result.routes.length, fileCount: result.fileCount };
  parentPort!.postMessage(message);
} catch (error) {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  parentPort!.postMessage({ ok: false, report: text, lines: [text.split('\n')[0] ?? text] } satisfies WorkerResult);
}
