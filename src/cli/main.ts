import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Command, CommanderError } from 'commander';
import { SiteConfigError, SiteDefinitionError } from '../diagnostics/config-error.ts';
import { printable } from '../diagnostics/printable.ts';
import { registerBuild } from './build.ts';
import { registerInit } from './init.ts';
import { registerOg } from './og.ts';
import { parseExistingFolder } from './options.ts';
import { registerPreview } from './preview.ts';
import { registerServe } from './serve.ts';

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

/**
 * The commands that load a site's code in this thread: it gets this engine (see
 * `site/engine-modules.ts`), provided before the command runs. `serve` loads it in its build
 * worker, which provides it itself (`serve/dev-build-thread.ts`); `init` and `preview` load none.
 */
const LOADING_SITE_CODE = new Set(['build', 'og']);

/** Exit codes: 0 success, 1 content or build errors, 2 usage errors. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

const program = new Command('site')
  .description('Build and serve a prerendered static site from Markdown content and React templates.')
  .version(version, '-v, --version', 'print the version')
  .option('--root <dir>', 'the project folder', parseExistingFolder, process.cwd())
  .option(
    '--config <file>',
    'the site definition, from the project folder (default: site.config.ts or .tsx, .js, .mjs in the project folder)',
  )
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride()
  // A site definition named but missing is a mistake in the command, like a missing folder: exit 2 before anything loads.
  .hook('preAction', (command) => {
    const { root, config } = command.opts<{ root: string; config?: string }>();
    const file = config && path.resolve(root, config);
    if (file && !fs.statSync(file, { throwIfNoEntry: false })?.isFile())
      command.error(`error: option '--config <file>' names ${file}, which is no file.`, { exitCode: EXIT.usage });
  })
  .hook('preAction', async (_, action) => {
    if (LOADING_SITE_CODE.has(action.name())) await import('../provide-engine.ts');
  });

registerInit(program);
registerBuild(program);
registerOg(program);
registerServe(program);
registerPreview(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and version are "errors" to commander; they are successes to a user.
    process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  } else if (error instanceof SiteDefinitionError) {
    console.error(error.report(process.argv.includes('--verbose')));
    process.exitCode = EXIT.failed;
  } else if (error instanceof SiteConfigError) {
    // One line, whatever the paths in it hold (see `printable`).
    console.error(`site: ${printable(error.message)}`);
    process.exitCode = EXIT.failed;
  } else if (isFileSystemError(error) && !process.argv.includes('--verbose')) {
    // A folder that cannot be read or written (permissions, a full disk) is the machine's state, not a bug: say which, without a stack.
    console.error(`site: ${printable(error.message)} (run with --verbose for the stack)`);
    process.exitCode = EXIT.failed;
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = EXIT.failed;
  }
}

function isFileSystemError(error: unknown): error is NodeJS.ErrnoException {
  const { code, syscall, path: file } = (error ?? {}) as NodeJS.ErrnoException;
  return error instanceof Error && typeof code === 'string' && typeof syscall === 'string' && typeof file === 'string';
}
