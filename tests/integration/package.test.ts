import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The engine as a user gets it: packed with `npm pack`, installed into an empty folder from the
 * tarball (its dependencies from the npm cache the repository's own install filled, else the
 * registry), then `site init`, `site build` and `site serve` there, all on the compiled lib/.
 */
const REPO = path.resolve('.');
const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-package-'));
const app = path.join(work, 'app');
const tarball = path.join(work, `stillsite-${version}.tgz`);

// The commands run as in a new terminal: under this Node, with none of the npm_* settings of
// the `npm test` that may have started this file (they would point npm back at the repository).
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
  PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`,
  npm_config_update_notifier: 'false',
};
const run = (command: string, args: string[], options: SpawnSyncOptions = {}) => {
  const result = spawnSync(command, args, { cwd: app, env, encoding: 'utf8', ...options });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
};
const INSTALL = ['--prefer-offline', '--no-audit', '--no-fund'];

beforeAll(() => {
  const packed = run('npm', ['pack', '--pack-destination', work], { cwd: REPO });
  expect(packed.status, packed.output).toBe(0);
  fs.mkdirSync(app);
  expect(run('npm', ['init', '-y']).status).toBe(0);
  const installed = run('npm', ['install', tarball, ...INSTALL]);
  expect(installed.status, installed.output).toBe(0);
}, 600_000);

// A whole node_modules to remove: more than the default 10 s on a busy machine.
afterAll(() => fs.rmSync(work, { recursive: true, force: true }), 120_000);

describe('the packed engine, installed in an empty folder', () => {
  it('ships the engine only: bin/, the compiled lib/ with declarations and the starter, the docs, README and package.json', () => {
    const files = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
      .stdout.trim()
      .split('\n')
      .map((entry) => entry.replace(/^package\//, ''));
    expect(files.filter((file) => !/^(bin\/site|lib\/.+|docs\/.+|README\.md|package\.json)$/.test(file))).toEqual([]);
    // The README's links to the guides hold in an installed copy; no example's build comes along.
    for (const link of fs.readFileSync('README.md', 'utf8').matchAll(/\]\((docs\/[^)#]+)/g)) expect(files).toContain(link[1]);
    expect(files.filter((file) => /^docs\/examples\/[^/]+\/(dist|\.site-cache|node_modules)\//.test(file))).toEqual([]);
    for (const file of [
      'lib/index.js',
      'lib/index.d.ts',
      'lib/client/index.js',
      'lib/client/index.d.ts',
      'lib/runner/worker.js',
      'lib/init/starters/blog/site.config.tsx',
      'lib/init/starters/blog/_gitignore',
      'lib/init/starters/blog-i18n/src/strings.ts',
      'lib/init/starters/blog-i18n/content/ar/posts/hello-world.md',
      'lib/init/starters/docs/site.config.tsx',
      'lib/init/starters/docs/src/islands/ThemeToggle.tsx',
    ]) {
      expect(files).toContain(file);
    }
    expect(
      files.some(
        (file) => file.startsWith('lib/') && file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.startsWith('lib/init/starters/'),
      ),
    ).toBe(false);
    // The engine comes bundled (scripts/build-lib.ts): the modules Node loads by path and the
    // chunks they share, not one file per source module; the browser sources stay files.
    const engineModules = files.filter((file) => /^lib\/(?!client\/|init\/starters\/|chunks\/).*\.js$/.test(file));
    expect(engineModules.sort()).toEqual([
      'lib/cli/main.js',
      'lib/index.js',
      'lib/provide-engine.js',
      'lib/render/jsx-runtime.js',
      'lib/runner/worker.js',
      'lib/serve/dev-build-thread.js',
    ]);
    expect(files).toContain('lib/client/location.js');
  });

  it('carries its dependencies inside the bundle, except React and the packages left to Node', () => {
    const lib = path.join(app, 'node_modules/stillsite/lib');
    const code = fs
      .readdirSync(lib, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js') && !file.startsWith(`client${path.sep}`) && !file.startsWith(`init${path.sep}`))
      .map((file) => fs.readFileSync(path.join(lib, file), 'utf8'))
      .join('\n');
    const imported = new Set([...code.matchAll(/(?:from |import\()"((?:@[\w.-]+\/)?[\w.-]+)[^"]*"/g)].map((match) => match[1]!));
    for (const bundled of ['zod', 'unified', 'remark-parse', 'micromark', 'yaml', 'gray-matter', 'commander', 'fast-glob']) {
      expect(imported, bundled).not.toContain(bundled);
    }
    for (const external of ['react', 'esbuild', 'tinypool', 'pagefind']) expect(imported, external).toContain(external);
    // React's non-streaming renderer alone, found through the package (render/render-to-string.ts).
    expect(code).toContain('"react-dom/package.json"');
  });

  it('has no install script, so npm runs nothing of it on install, and names the Node it needs', () => {
    const manifest = JSON.parse(spawnSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }).stdout) as {
      scripts?: Record<string, string>;
      engines?: { node?: string };
    };
    // npm runs these when a package is installed (prepare for a git dependency): none may be there.
    expect(Object.keys(manifest.scripts ?? {}).filter((name) => /^(pre|post)?install$|^prepare$|^prepublish$/.test(name))).toEqual([]);
    expect(Object.values(manifest.scripts ?? {}).filter((script) => script.includes('patch-package'))).toEqual([]);
    expect(manifest.engines?.node).toBe('>=22.22');
    // The dependencies the user got are the packages' own: nothing of this repository's node_modules was patched into them.
    expect(fs.existsSync(path.join(REPO, 'patches'))).toBe(false);
  });

  // Each worker thread imports the module that provided the engine by that module's own URL (src/runner/worker.ts): it must be a file of lib/.
  it("provides the engine to a site's code from a module of its own in lib/, which worker threads import by its URL", () => {
    const provider = pathToFileURL(path.join(app, 'node_modules/stillsite/lib/provide-engine.js')).href;
    const script = `await import(${JSON.stringify(provider)});
const engine = globalThis[Symbol.for('stillsite.engine')], runtime = globalThis[Symbol.for('stillsite.jsx-runtime')];
console.log(typeof engine.defineSite, typeof runtime.jsx);`;
    const provided = run(process.execPath, ['--input-type=module', '-e', script]);
    expect(provided.output.trim()).toBe('function function');
  });

  it('inits a starter site, builds it, and serves a page and its 404 until stopped by pid', async () => {
    const alias = run('npx', ['stillsite', '--version']);
    expect(alias.output.trim()).toBe(version);
    const init = run('npx', ['site', 'init']);
    expect(init.status, init.output).toBe(0);
    expect(init.output).toContain('"type" changed from "commonjs" to "module"');
    const built = run('npx', ['site', 'build']);
    expect(built.status, built.output).toBe(0);
    expect(fs.readFileSync(path.join(app, 'dist/posts/hello-world/index.html'), 'utf8')).toContain('<h1>Hello, world</h1>');
    // The browser bundle was made from the package's compiled client code, islands included.
    const chunks = fs.readdirSync(path.join(app, 'dist/assets/chunks'));
    expect(chunks.filter((file) => file.endsWith('.js')).map((file) => file.replace(/-[A-Z0-9]+\.js$/, ''))).toEqual(['islands']);
    expect(fs.readFileSync(path.join(app, 'dist/assets/chunks', chunks.find((file) => file.endsWith('.js'))!), 'utf8')).toContain(
      'Could not copy the link.',
    );

    const server = spawn(process.execPath, [path.join(app, 'node_modules/.bin/site'), 'serve', '--port', '0'], {
      cwd: app,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
    try {
      const url = await servingUrl(server);
      const page = await fetch(`${url}/posts/hello-world`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<h1>Hello, world</h1>');
      const missing = await fetch(`${url}/no/such/page`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('<h1>Page not found</h1>');
    } finally {
      process.kill(server.pid!, 'SIGTERM');
      await exited;
    }
  }, 180_000);

  // Issue 44: a build's start-up loads nothing the build does not use. (The starter inited above.)
  it("builds the starter without loading esprima or React's streaming renderer", () => {
    const hook = path.join(work, 'loaded-files.mjs');
    const list = path.join(work, 'loaded-files.txt');
    fs.writeFileSync(
      hook,
      `import module from 'node:module';
import fs from 'node:fs';
module.registerHooks({ load(url, context, next) { fs.appendFileSync(${JSON.stringify(list)}, url + '\\n'); return next(url, context); } });
`,
    );
    // A clean build, so that pages are rendered (the build above left pages to reuse).
    for (const made of ['dist', '.site-cache']) fs.rmSync(path.join(app, made), { recursive: true, force: true });
    const built = run(process.execPath, ['--import', pathToFileURL(hook).href, path.join(app, 'node_modules/.bin/site'), 'build']);
    expect(built.status, built.output).toBe(0);
    const loaded = fs.readFileSync(list, 'utf8').split('\n');
    expect(loaded.some((url) => url.includes('/react-dom/cjs/react-dom-server-legacy.node.'))).toBe(true);
    for (const unused of ['/esprima/', '/react-dom/cjs/react-dom-server.node.'])
      expect(
        loaded.filter((url) => url.includes(unused)),
        unused,
      ).toEqual([]);
  }, 180_000);

  it('type-checks the starter against the declarations it ships, and they catch a wrong site definition', () => {
    // What `site init` says to run next: it brings TypeScript and React's types.
    const installed = run('npm', ['install', ...INSTALL]);
    expect(installed.status, installed.output).toBe(0);
    const checked = run('npm', ['run', 'check']);
    expect(checked.status, checked.output).toBe(0);
    fs.writeFileSync(path.join(app, 'src/wrong.ts'), "import { defineSite } from 'stillsite';\nexport default defineSite({ name: 42 });\n");
    const wrong = run('npm', ['run', 'check']);
    expect(wrong.status).not.toBe(0);
    expect(wrong.output).toMatch(/src\/wrong\.ts\(2,\d+\): error TS\d+:[\s\S]*?Type 'number' is not assignable to type 'string'/);
  }, 300_000);
});

describe('the documentation starter of the packed engine', () => {
  const docs = path.join(app, 'docs-site');

  it('inits beside the blog, builds, serves its pages with their sidebar and type-checks against the shipped declarations', async () => {
    const init = run('npx', ['site', 'init', 'docs', 'docs-site']);
    expect(init.status, init.output).toBe(0);
    const built = run('npx', ['site', 'build'], { cwd: docs });
    expect(built.status, built.output).toBe(0);
    const page = fs.readFileSync(path.join(docs, 'dist/guides/code-blocks/index.html'), 'utf8');
    expect(page).toContain('<a href="/guides/code-blocks" aria-current="page">Code blocks</a>');
    expect(page).toContain('<figcaption class="code-title">src/greet.js</figcaption>');
    // Both islands came from the package's compiled client code: the engine's copy button and the starter's toggle.
    const chunks = path.join(docs, 'dist/assets/chunks');
    const islands = fs
      .readdirSync(chunks)
      .filter((file) => file.endsWith('.js'))
      .map((file) => fs.readFileSync(path.join(chunks, file), 'utf8'))
      .join('\n');
    expect(islands).toContain('Dark theme');
    expect(islands).toContain('Copied');

    const server = spawn(process.execPath, [path.join(app, 'node_modules/.bin/site'), 'serve', '--port', '0'], {
      cwd: docs,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
    try {
      const url = await servingUrl(server);
      const served = await fetch(`${url}/start/installation`);
      expect(served.status).toBe(200);
      expect(await served.text()).toContain('<a href="/start/installation" aria-current="page">Installation</a>');
    } finally {
      process.kill(server.pid!, 'SIGTERM');
      await exited;
    }

    // TypeScript and the types came with the blog's `npm install` above, in the folder both sites sit in.
    const checked = run('npx', ['tsc', '-p', 'docs-site']);
    expect(checked.status, checked.output).toBe(0);
    fs.writeFileSync(
      path.join(docs, 'src/wrong.ts'),
      "import type { DocData } from './schemas.ts';\nexport const page: DocData = { title: 'No description' };\n",
    );
    const wrong = run('npx', ['tsc', '-p', 'docs-site']);
    expect(wrong.output).toMatch(/src\/wrong\.ts\(2,\d+\): error TS\d+:[\s\S]*?description/);
  }, 300_000);
});

describe('the multilingual starters of the packed engine', () => {
  it('inits in English and German beside the blog, builds both languages and type-checks against the shipped declarations', () => {
    const init = run('npx', ['site', 'init', '--locales', 'en,de', 'polyglot-site']);
    expect(init.status, init.output).toBe(0);
    const folder = path.join(app, 'polyglot-site');
    const built = run('npx', ['site', 'build'], { cwd: folder });
    expect(built.status, built.output).toBe(0);
    const page = fs.readFileSync(path.join(folder, 'dist/de/posts/hello-world/index.html'), 'utf8');
    expect(page).toContain('<html lang="de" dir="ltr">');
    expect(page).toContain('<a href="/posts/hello-world" hrefLang="en" lang="en">English</a>');
    // TypeScript and the types came with the blog's `npm install`, in the folder both sites sit in.
    const checked = run('npx', ['tsc', '-p', 'polyglot-site']);
    expect(checked.status, checked.output).toBe(0);
    fs.writeFileSync(
      path.join(folder, 'src/wrong.tsx'),
      "import type { LayoutProps } from 'stillsite';\nexport const word = (props: LayoutProps) => props.t(1);\n",
    );
    const wrong = run('npx', ['tsc', '-p', 'polyglot-site']);
    expect(wrong.output).toMatch(/src\/wrong\.tsx\(2,\d+\): error TS2345/);
    // A typo'd key of the site's own tables is a compile error too, in a layout typed by them.
    fs.writeFileSync(
      path.join(folder, 'src/wrong.tsx'),
      "import type { LayoutProps } from 'stillsite';\nimport type { StringKey } from './strings.ts';\nexport const word = (props: LayoutProps<StringKey>) => props.t('nav.skipp');\n",
    );
    const typo = run('npx', ['tsc', '-p', 'polyglot-site']);
    expect(typo.output).toMatch(/src\/wrong\.tsx\(3,\d+\): error TS2345: Argument of type '"nav\.skipp"'/);
  }, 300_000);

  it("inits the docs in English and Arabic, builds both and type-checks, a typo'd key of its tables failing tsc", () => {
    const init = run('npx', ['site', 'init', 'docs', '--locales', 'en,ar', 'docs-polyglot-site']);
    expect(init.status, init.output).toBe(0);
    const folder = path.join(app, 'docs-polyglot-site');
    const built = run('npx', ['site', 'build'], { cwd: folder });
    expect(built.status, built.output).toBe(0);
    const page = fs.readFileSync(path.join(folder, 'dist/ar/start/installation/index.html'), 'utf8');
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).toContain('<a href="/start/installation" hrefLang="en" lang="en">English</a>');
    const checked = run('npx', ['tsc', '-p', 'docs-polyglot-site']);
    expect(checked.status, checked.output).toBe(0);
    const doc = path.join(folder, 'src/templates/Doc.tsx');
    fs.writeFileSync(doc, fs.readFileSync(doc, 'utf8').replace("t('pager.next')", "t('pager.nxet')"));
    const typo = run('npx', ['tsc', '-p', 'docs-polyglot-site']);
    expect(typo.output).toMatch(/src\/templates\/Doc\.tsx\(\d+,\d+\): error TS2345: Argument of type '"pager\.nxet"'/);
  }, 300_000);
});

/** The address `site serve` prints once it is listening. */
function servingUrl(server: ReturnType<typeof spawn>): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk;
      const match = /Serving (http:\/\/\S+?)\/? /.exec(output);
      if (match) resolve(match[1]!);
    };
    server.stdout!.on('data', read);
    server.stderr!.on('data', read);
    server.on('exit', () => reject(new Error(`site serve ended before serving:\n${output}`)));
  });
}
