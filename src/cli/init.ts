import path from 'node:path';
import type { Command } from 'commander';

/** `site init [starter] [dir]`: a small starter site, written into a folder without overwriting anything. */
export function registerInit(program: Command): void {
  program
    .command('init')
    .argument('[starter]', 'the starter: blog (the default) or docs, a documentation site; any other word is the folder')
    .argument('[dir]', 'the folder to start the site in, made if missing (default: the current folder)')
    .option(
      '--locales <codes>',
      'write the starter in these languages, the first the default: en,de (translated sample text for en, de, fr, es, ar)',
    )
    .description('start a new site: write a small starter site (content, templates, islands, styles) into a folder')
    .action(async (first: string | undefined, second: string | undefined, _options: object, command: Command) => {
      const { root, locales } = command.optsWithGlobals<{ root: string; locales?: string }>();
      const { InitError, STARTERS, displayPath, scaffold } = await import('../init/scaffold.ts');
      const { parseLocalesOption } = await import('../init/locales-option.ts');
      const starter = STARTERS.find((name) => name === first);
      // One word that names no starter is the folder, as `site init my-blog` always was.
      if (!starter && first !== undefined && second !== undefined)
        command.error(`error: "${first}" is not a starter of site init: expected ${STARTERS.join(' or ')}.`, { exitCode: 2 });
      const target = path.resolve(root, (starter ? second : first) ?? '.');
      let made: ReturnType<typeof scaffold>;
      try {
        made = scaffold(target, starter, { locales: locales === undefined ? undefined : parseLocalesOption(locales) });
      } catch (error) {
        if (!(error instanceof InitError)) throw error;
        // Nothing was written: a usage error (exit 2, see EXIT in main.ts), said as it is.
        console.error(`site: ${error.message}`);
        process.exitCode = 2;
        return;
      }
      const where = displayPath(target);
      console.log(`Started a site in ${where === '.' ? 'this folder' : `${where}/`}:`);
      for (const { file, updated } of made.files) console.log(`  ${file}${updated ? ' (updated)' : ''}`);
      for (const note of made.notes) console.log(note);
      console.log(
        [
          '',
          'Next:',
          ...(where === '.' ? [] : [`  cd ${shellWord(where)}`]),
          '  npm install',
          '  npm run dev      serve it at http://127.0.0.1:4321/, reloading on every edit',
        ].join('\n'),
      );
      console.log('Then: npm run build (the site into dist/), npm run check (type-check it).');
    });
}

/** A path as one word for a POSIX shell: quoted when it holds anything but plain characters. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}
