import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { cliBundleList } from '../../src/launch/cli-bundle-list.mjs';
import { projectRoot } from '../../src/launch/launch.mjs';

const BIN = path.resolve('bin/site');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-cli-bundle-'));
// Inside the engine's node_modules, as the real folder is: a bundle finds packages from where it is.
fs.mkdirSync(path.resolve('node_modules/.cache'), { recursive: true });
const bundles = fs.mkdtempSync(path.resolve('node_modules/.cache/site-test-bundles-'));
process.env.SITE_CLI_BUNDLES = bundles;
afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(bundles, { recursive: true, force: true });
});

// A project of its own, so editing one of its modules touches no other test: the real site on the
// small fixture content, with its origin taken from a module of the project.
const root = path.join(work, 'project');
const siteModule = path.join(root, 'templates', 'site.ts');
const originModule = path.join(root, 'templates', 'origin.ts');
fs.mkdirSync(path.dirname(siteModule), { recursive: true });
fs.writeFileSync(
  siteModule,
  `import { createSite } from ${JSON.stringify(path.resolve('templates/site.ts'))};\nimport { origin } from './origin.ts';\nexport default { ...createSite(${JSON.stringify(path.resolve('tests/fixtures/small-site/content'))}), origin };\n`,
);
const setOrigin = (origin: string) => fs.writeFileSync(originModule, `export const origin = ${JSON.stringify(origin)};\n`);

const { SITE_ORIGIN: _origin, SITE_NO_BUNDLE: _noBundle, ...inherited } = process.env;
const env = { ...inherited, SITE_DEBUG_LAUNCH: '1' };
const build = (out: string) => {
  const result = spawnSync(BIN, ['--root', root, 'build', '--out', path.join(work, out)], { encoding: 'utf8', env, timeout: 120_000 });
  expect(result.status, result.stderr).toBe(0);
  return { loaded: /loaded from /.test(result.stderr) ? 'bundle' : /loaded through tsx/.test(result.stderr) ? 'tsx' : result.stderr, canonical: canonicalOf(out) };
};
const canonicalOf = (out: string) => /<link rel="canonical" href="([^"]+)"/.exec(fs.readFileSync(path.join(work, out, 'about/company/index.html'), 'utf8'))?.[1];
/** The bundle is made by a process of its own: waits for its list to name one and its lock to go. */
async function bundleMade(): Promise<void> {
  const list = cliBundleList(siteModule);
  for (let waited = 0; waited < 60_000; waited += 100) {
    if (fs.existsSync(list) && !fs.existsSync(`${list}.making`)) return;
    await sleep(100);
  }
  throw new Error('no CLI bundle was made within a minute');
}
const files = (dir: string) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => fs.statSync(path.join(dir, file)).isFile()).sort();
function expectSameOutput(a: string, b: string) {
  const [left, right] = [path.join(work, a), path.join(work, b)];
  expect(files(right)).toEqual(files(left));
  for (const file of files(left)) expect(fs.readFileSync(path.join(right, file)).equals(fs.readFileSync(path.join(left, file))), file).toBe(true);
}

describe('bin/site', () => {
  it('loads through tsx while making a bundle, loads the bundle next, and leaves it as soon as a file it was made from changes', async () => {
    setOrigin('https://first.example');
    expect(build('one')).toEqual({ loaded: 'tsx', canonical: 'https://first.example/about/company' });
    await bundleMade();
    expect(build('two')).toEqual({ loaded: 'bundle', canonical: 'https://first.example/about/company' });
    expectSameOutput('one', 'two');

    setOrigin('https://second.example');
    expect(build('three')).toEqual({ loaded: 'tsx', canonical: 'https://second.example/about/company' });
    await bundleMade();
    expect(build('four')).toEqual({ loaded: 'bundle', canonical: 'https://second.example/about/company' });
    expectSameOutput('three', 'four');
  }, 240_000);
});

describe('projectRoot', () => {
  it('takes --root in either spelling, wherever it is, and the working folder without it', () => {
    expect(projectRoot(['build'])).toBe(process.cwd());
    expect(projectRoot(['--root', '/a', 'build'])).toBe('/a');
    expect(projectRoot(['build', '--root=/b', '--out', 'x'])).toBe('/b');
    expect(projectRoot(['build', '--', '--root', '/c'])).toBe(process.cwd());
  });
});
