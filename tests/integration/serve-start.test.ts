import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDevServer, stopDevServer } from '../e2e/global-setup.ts';
import { rawRequest } from '../helpers/http.ts';

const BIN = path.resolve('bin/site');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-serve-start-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
/** A stack trace's frames: what no mistake of the user may print. */
const STACK = /\n\s+at /;

/** A copy of the fixture whose post template throws on every page. */
function throwingSite(name: string): string {
  const root = path.join(work, name);
  fs.cpSync('tests/fixtures/throwing-template', root, { recursive: true });
  return root;
}
/** Where the fixture's template throws: the line of `tags!.join`, and its column. */
const template = fs.readFileSync('tests/fixtures/throwing-template/templates/Post.tsx', 'utf8').split('\n');
const throwLine = template.findIndex((line) => line.includes('tags!.join')) + 1;
const throwColumn = template[throwLine - 1]!.indexOf('tags!.join') + 'tags!.'.length + 1;

/** A port some other program holds, for as long as the returned server lives. */
async function takenPort(): Promise<http.Server> {
  const holder = http.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  return holder;
}

describe('site serve fails clearly', () => {
  it('on a port in use that was asked for: one line naming the port and what to do, exit 1, no stack', async () => {
    const holder = await takenPort();
    const port = (holder.address() as { port: number }).port;
    try {
      const child = spawn(BIN, ['serve', '--port', String(port)], { cwd: throwingSite('taken'), stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk));
      // The process must end by itself: a server that keeps running while serving nothing fails here.
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(output).not.toMatch(STACK);
      expect(output.trim().split('\n')).toEqual([
        `site: port ${port} on 127.0.0.1 is in use by another program (perhaps another site serve): stop it, or choose another port with --port <n> (--port 0 picks a free one).`,
      ]);
    } finally {
      holder.close();
    }
  }, 60_000);

  it("accepts --verbose, and shows a template error at the component's line and column, with its source and page, stacks only when verbose", async () => {
    for (const verbose of [false, true]) {
      const server = await startDevServer(
        ['serve', '--port', '0', ...(verbose ? ['--verbose'] : [])].concat(['--root', throwingSite(`verbose-${verbose}`)]),
      );
      try {
        const place = `templates/Post.tsx:${throwLine}:${throwColumn} (page /)  The template "post" threw: Cannot read properties of undefined (reading 'join')`;
        const excerpt = `> ${throwLine} |       <p>{tags!.join(', ')}</p>`;
        expect(server.output()).toContain(place);
        expect(server.output()).toContain(excerpt);
        expect(STACK.test(server.output())).toBe(verbose);
        // What the browser shows: the page in place of the site, and the report the overlay reads from the event stream.
        const page = await rawRequest(server.url, 'GET', '/');
        expect(page.status).toBe(500);
        const escapeHtml = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
        expect(page.body.toString()).toContain(escapeHtml(place));
        expect(page.body.toString()).toContain(escapeHtml(excerpt));
        const events = await firstEvent(server.url);
        expect(events).toMatch(/^event: error-report\n/);
        expect(events).toContain(`data: ${place}`);
        expect(events).toContain(`data:     ${excerpt}`);
      } finally {
        await stopDevServer(server.child);
      }
    }
  }, 120_000);
});

describe('site build names the template at fault', () => {
  it('in the located line, with a few lines of its source under it', () => {
    const root = throwingSite('build');
    const result = spawnSync(BIN, ['build'], { cwd: root, encoding: 'utf8' });
    expect(result.status).toBe(1);
    const lines = result.stderr.split('\n');
    expect(lines[0]).toBe(
      `templates/Post.tsx:${throwLine}:${throwColumn} (page /)  The template "post" threw: Cannot read properties of undefined (reading 'join')  [render-failed]`,
    );
    const width = String(throwLine + 2).length;
    const numbered = (n: number, mark = ' ') => `    ${mark} ${String(n).padStart(width)} | ${template[n - 1]}`;
    expect(lines.slice(1, 7)).toEqual([
      numbered(throwLine - 2),
      numbered(throwLine - 1),
      numbered(throwLine, '>'),
      `      ${' '.repeat(width)} | ${' '.repeat(throwColumn - 1)}^`,
      numbered(throwLine + 1),
      numbered(throwLine + 2),
    ]);
    expect(lines[7]).toBe(`templates/Post.tsx:${throwLine}:${throwColumn} (page /404)  (the same)`);
    expect(result.stderr).not.toMatch(STACK);
  });
});

/** The first event the dev server sends an open page. */
function firstEvent(base: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/__site/events`, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk;
        if (text.includes('\n\n')) {
          request.destroy();
          resolve(text);
        }
      });
    });
    request.on('error', reject);
  });
}
