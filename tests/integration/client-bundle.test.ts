/**
 * The client's two files (issue 16): an entry every page loads, free of React, and one chunk with
 * the islands' runtime and components, which the entry imports only when an island hydrates. The
 * runtime is React 19 by default and preact/compat when the site asks for it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleAssets, type BundledAssets } from '../../src/assets/bundle.ts';

const fixture = path.resolve('tests/fixtures/minimal');
const islands = { Counter: path.join(fixture, 'counter-island.tsx') };
const styles = { main: path.join(fixture, 'main.css') };
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-client-bundle-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const decode = (contents: string | Uint8Array) => (typeof contents === 'string' ? contents : new TextDecoder().decode(contents));
const text = (assets: BundledAssets, url: string) => decode(assets.files.find((file) => `/${file.path}` === url)!.contents);
const chunkOf = (assets: BundledAssets) => assets.files.find((file) => /^assets\/chunks\/islands-\w+\.js$/.test(file.path))!;
const gzip = (contents: string | Uint8Array) => gzipSync(contents).length;

const react = await bundleAssets({ islands, startup: {} }, styles);
const preact = await bundleAssets({ islands, startup: {}, runtime: 'preact' }, styles);

describe('the client bundle', () => {
  it('is an entry and one chunk of islands, and the entry imports the chunk only on demand', () => {
    expect(react.diagnostics).toEqual([]);
    const scripts = react.files.filter((file) => file.path.endsWith('.js')).map((file) => file.path);
    expect(scripts).toHaveLength(2);
    const entry = text(react, react.manifest!.script!);
    const chunk = `/${chunkOf(react).path}`;
    expect(entry).toContain(`import("${chunk}")`);
    expect(entry).not.toMatch(new RegExp(`import\\s*[^(]*["']${chunk}["']`));
  });

  it('keeps React out of the entry: a few KB, against the chunk with React 19 in it', () => {
    const entry = react.files.find((file) => `/${file.path}` === react.manifest!.script!)!;
    expect(gzip(entry.contents)).toBeLessThan(6 * 1024);
    expect(text(react, react.manifest!.script!)).not.toContain('react.dev/errors');
    // React's production build names its errors by URL; preact/compat does not.
    expect(decode(chunkOf(react).contents)).toContain('react.dev/errors');
    expect(gzip(chunkOf(react).contents)).toBeGreaterThan(50 * 1024);
  });

  it('asks Chrome to compile both scripts while they stream in, not function by function on the main thread', () => {
    // The explicit compile hint must open the file; esbuild's CommonJS wrappers around react-dom
    // are otherwise compiled lazily, in the task that runs the chunk.
    expect(text(react, react.manifest!.script!).startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
    expect(decode(chunkOf(react).contents).startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
  });

  it('runs the islands on preact/compat when the site asks, in a chunk a fraction of the size', () => {
    expect(preact.diagnostics).toEqual([]);
    const chunk = decode(chunkOf(preact).contents);
    expect(chunk).not.toContain('react.dev/errors');
    expect(gzip(chunkOf(preact).contents)).toBeLessThan(gzip(chunkOf(react).contents) / 4);
  });

  it('fails the build, naming the module, when a startup module imports React', async () => {
    const startup = path.join(work, 'uses-react.ts');
    fs.writeFileSync(startup, "import { version } from 'react';\nconsole.log(version);\n");
    const result = await bundleAssets({ islands, startup: { 'uses-react': startup } }, styles);
    expect(result.manifest).toBeUndefined();
    expect(result.diagnostics.map((d) => d.message).join('\n')).toMatch(/The client entry or a startup module imports React .*react/);
  });

  it('lets a startup module import the client API’s event names without pulling React in', async () => {
    const startup = path.join(work, 'uses-api.ts');
    fs.writeFileSync(
      startup,
      `import { NAVIGATED_EVENT, hydrateIsland } from ${JSON.stringify(path.resolve('src/client/index.ts'))};\nwindow.addEventListener(NAVIGATED_EVENT, () => void hydrateIsland(document.body));\n`,
    );
    const result = await bundleAssets({ islands, startup: { 'uses-api': startup } }, styles);
    expect(result.diagnostics).toEqual([]);
    expect(text(result, result.manifest!.script!)).toContain('site:navigated');
  });

  it('refuses React modules that are not for the browser, in an island', async () => {
    const island = path.join(work, 'server-island.tsx');
    fs.writeFileSync(island, "import { renderToString } from 'react-dom/server';\nexport default () => renderToString(null);\n");
    const result = await bundleAssets({ islands: { Server: island }, startup: {} }, styles);
    expect(result.diagnostics.map((d) => d.message).join('\n')).toContain('"react-dom/server" cannot be used in the browser');
  });
});
