import type { Command } from 'commander';
import { OFFLINE_HELP, parseExistingFolder, parseOrigin, parsePort } from './options.ts';

/** `site serve`: the dev server, rebuilding and reloading on every edit. */
export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the site locally, rebuilding and reloading the browser on every edit')
    .option('-p, --port <n>', 'the port (0 picks a free one)', parsePort, 4321)
    .option('-H, --host <host>', 'the address to bind', '127.0.0.1')
    .option('--origin <url>', 'the origin for canonical URLs', parseOrigin)
    .option('--content <dir>', "read content from this folder instead of the site's own", parseExistingFolder)
    .option('--verbose', "show stacks of errors thrown by the site's code")
    .option('--offline', OFFLINE_HELP)
    .action(
      async (
        options: { port: number; host: string; origin?: string; content?: string; verbose?: boolean; offline?: boolean },
        command: Command,
      ) => {
        const { root, config } = command.optsWithGlobals<{ root: string; config?: string }>();
        // The pages served are the pages `site build` writes, rendered by the same React build:
        // the development build's checks make every rebuild after an edit several times slower.
        // NODE_ENV=development brings them back for a site that wants React's warnings.
        process.env.NODE_ENV ??= 'production';
        const { startServer } = await import('../serve/server.ts');
        // Without --port, a taken default port gives way to the next free one (said in one line), as Vite does.
        const portGiven = command.getOptionValueSource('port') !== 'default';
        const server = await startServer({ root, config, ...options, portGiven, log: (line) => console.log(line) });
        console.log(`Serving ${server.url}/ (Ctrl+C to stop)`);
        const stop = () => void server.close().then(() => process.exit(0));
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      },
    );
}
