import path from 'node:path';
import type { Command } from 'commander';
import { parsePort } from './options.ts';

/** Vite's preview port: beside `site serve` on 4321, both can run at once. */
const PREVIEW_PORT = 4173;

/** `site preview`: serves a finished build as a static host would, to check it before deploying. */
export function registerPreview(program: Command): void {
  program
    .command('preview')
    .description('serve a built output folder as a static host would: its _headers, _redirects, 404 page and compression')
    .option('-o, --out <dir>', 'the output folder to serve', 'dist')
    .option('-p, --port <n>', `the port (default ${PREVIEW_PORT}; 0 picks a free one)`, parsePort)
    .option('-H, --host <host>', 'the address to bind', '127.0.0.1')
    .action(async (options: { out: string; port?: number; host: string }, command: Command) => {
      const { root } = command.optsWithGlobals<{ root: string }>();
      const { startPreview, NotABuildError } = await import('../serve/preview.ts');
      let preview: Awaited<ReturnType<typeof startPreview>>;
      try {
        preview = await startPreview({
          out: path.resolve(root, options.out),
          port: options.port ?? PREVIEW_PORT,
          portGiven: options.port !== undefined,
          host: options.host,
          log: (line) => console.log(line),
        });
      } catch (error) {
        if (error instanceof NotABuildError) command.error(`error: ${error.message}`, { exitCode: 2 });
        throw error;
      }
      const shown = path.relative(root, path.resolve(root, options.out));
      console.log(
        `Previewing ${shown.startsWith('..') ? path.resolve(root, options.out) : shown || '.'}/ at ${preview.url}/ as a host would serve it (Ctrl+C to stop)`,
      );
      const stop = () => void preview.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}
