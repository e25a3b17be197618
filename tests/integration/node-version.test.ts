import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * bin/site under a Node too old for the engine: it runs again under the Node that `npm install`
 * brought along (the `node` dev dependency), or says in one line what is needed. The machines
 * here ship an older Node beside the one npm brings; it is found on the PATH.
 */
const BIN = path.resolve('bin/site');
const BUNDLED_NODE = path.resolve('node_modules/node/bin/node');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-node-version-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const oldNode = findOldNode();
const ONE_LINE_OF_ADVICE =
  /^site: needs Node\.js 22\.22 or newer, and this is \d+\.\d+\.\d+\. Install Node 24 LTS \(https:\/\/nodejs\.org\/\), or [^\n]+\.\n$/;

describe.skipIf(!oldNode)(`bin/site under an older Node (${oldNode?.version ?? 'none found'})`, () => {
  const run = (bin: string, args: string[], cwd: string) => spawnSync(oldNode!.file, [bin, ...args], { cwd, encoding: 'utf8' });

  it('runs under the Node that npm install brought along, in a checkout', () => {
    const result = run(BIN, ['--version'], work);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe(JSON.parse(fs.readFileSync('package.json', 'utf8')).version);
    expect(result.status).toBe(0);
  });

  it("runs under the project's own node package when installed under node_modules", () => {
    const engine = path.join(work, 'project/node_modules/stillsite');
    fs.mkdirSync(path.join(engine, 'bin'), { recursive: true });
    fs.mkdirSync(path.join(engine, 'lib/cli'), { recursive: true });
    fs.copyFileSync(BIN, path.join(engine, 'bin/site'));
    // biome-ignore lint/suspicious/noTemplateCurlyInString: this is the source of a script, template literal and all.
    fs.writeFileSync(path.join(engine, 'lib/cli/main.js'), 'console.log(`engine under ${process.versions.node}`);\n');
    fs.mkdirSync(path.join(work, 'project/node_modules/node/bin'), { recursive: true });
    fs.symlinkSync(BUNDLED_NODE, path.join(work, 'project/node_modules/node/bin/node'));
    const result = run(path.join(engine, 'bin/site'), ['build'], work);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^engine under 2[4-9]\./);
  });

  it.each([
    ['a checkout', true, 'or run `npm install` here to bring it along.'],
    ['an installed package', false, 'or add it to this project with `npm install --save-dev node@24`.'],
  ])('with no newer Node within reach, says what to do in one line and exits 1, in %s', (_, checkout, advice) => {
    const copy = path.join(work, checkout ? 'bare-checkout' : 'bare-package');
    fs.mkdirSync(path.join(copy, 'bin'), { recursive: true });
    fs.copyFileSync(BIN, path.join(copy, 'bin/site'));
    if (checkout) {
      fs.mkdirSync(path.join(copy, 'src/cli'), { recursive: true });
      fs.writeFileSync(path.join(copy, 'src/cli/main.ts'), 'throw new Error("never loaded");\n');
    }
    const result = run(path.join(copy, 'bin/site'), ['build'], copy);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(ONE_LINE_OF_ADVICE);
    expect(result.stderr).toContain(`this is ${oldNode!.version}.`);
    expect(result.stderr.trimEnd().endsWith(advice)).toBe(true);
    expect(result.status).toBe(1);
  });

  it('passes a signal sent to it on to the Node it started, so stopping `site serve` by its pid stops the server', async () => {
    const site = path.join(work, 'served');
    const init = spawnSync(BIN, ['init', site], { encoding: 'utf8' });
    expect(init.status, init.stderr).toBe(0);
    const server = spawn(oldNode!.file, [BIN, 'serve', '--port', '0'], { cwd: site, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => server.on('exit', (code, signal) => resolve(signal ?? code)));
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      server.stdout.on('data', (chunk: Buffer) => {
        output += chunk;
        const match = /Serving (http:\/\/\S+)\//.exec(output);
        if (match) resolve(match[1]!);
      });
      server.on('exit', () => reject(new Error(`site serve ended before serving:\n${output}`)));
    });
    expect((await fetch(`${url}/posts/hello-world`)).status).toBe(200);
    process.kill(server.pid!, 'SIGTERM');
    await exited;
    await expect(fetch(url)).rejects.toThrow();
  }, 60_000);
});

/** The first Node on the PATH (or in the usual places) older than the engine needs. */
function findOldNode(): { file: string; version: string } | undefined {
  const onPath = spawnSync('which', ['-a', 'node'], { encoding: 'utf8' }).stdout.split('\n');
  for (const file of [...onPath, '/usr/local/bin/node', '/usr/bin/node']) {
    if (!file || !fs.existsSync(file)) continue;
    const version = spawnSync(file, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
    const [major = 0, minor = 0] = version.split('.').map(Number);
    if (version && (major < 22 || (major === 22 && minor < 22))) return { file, version };
  }
  return undefined;
}

describe('the Node version the engine needs', () => {
  /** The oldest Node the engine's dependencies run on: the highest of their `engines.node` minimums. */
  const dependencyMinimum = () => {
    const { dependencies } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
    const minimums = Object.keys(dependencies).flatMap((name) => {
      const range =
        (JSON.parse(fs.readFileSync(path.join('node_modules', name, 'package.json'), 'utf8')) as { engines?: { node?: string } }).engines
          ?.node ?? '';
      // The last ">= x.y" or "^x.y" of a range is its newest floor (tinypool: "^20.0.0 || >=22.0.0").
      const floors = [...range.matchAll(/(?:>=|\^)\s*(\d+)(?:\.(\d+))?/g)].map(
        ([, major, minor]) => [Number(major), Number(minor ?? 0)] as const,
      );
      return floors.length ? [floors.reduce((a, b) => (b[0] > a[0] || (b[0] === a[0] && b[1] > a[1]) ? b : a))] : [];
    });
    return minimums.reduce((a, b) => (b[0] > a[0] || (b[0] === a[0] && b[1] > a[1]) ? b : a)).join('.');
  };

  it('is the one the dependencies need, named the same everywhere: package.json, bin/site, CI, the README and the guide', () => {
    const needed = dependencyMinimum();
    expect(needed).toBe('22.22');
    expect((JSON.parse(fs.readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node).toBe(`>=${needed}`);
    expect(fs.readFileSync('bin/site', 'utf8')).toContain(`const needed = [${needed.replace('.', ', ')}];`);
    expect(fs.readFileSync('.ci/run', 'utf8')).toContain(
      `process.exit(a>${needed.split('.')[0]}||(a===${needed.split('.')[0]}&&b>=${needed.split('.')[1]})?0:1)`,
    );
    for (const doc of ['README.md', 'docs/getting-started.md', 'docs/cli.md']) {
      const text = fs.readFileSync(doc, 'utf8');
      const named = [...text.matchAll(/Node(?:\.js)? (\d+(?:\.\d+)?)(?! LTS)(?: (?:or newer|is enough))?/g)].map((match) => match[0]);
      // Every minimum a page names is this one; Node 24 LTS is named as the version to install.
      for (const phrase of named.filter((phrase) => /or newer|is enough|older than/.test(phrase)))
        expect(phrase, doc).toMatch(new RegExp(`${needed.replace('.', '\\.')} or newer`));
      expect(text, doc).not.toMatch(/Node (?:1\d|20|21)(?:\.\d+)? is enough/);
    }
  });
});
