import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromePath, hasBrowser } from './browser.ts';
import { serveStatic } from './static-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real site built by `site build`, served as a static host would. */
    buildUrl: string;
    /** The real site served by `site serve`. */
    serveUrl: string;
    /** The folder `site build` wrote. */
    distDir: string;
    /** The real site built with its islands on preact/compat (`SITE_CLIENT_RUNTIME=preact`), served as a static host would. */
    preactUrl: string;
  }
}

const BIN = path.resolve('bin/site');

/**
 * Builds the real site (or the content folder E2E_CONTENT names) with the CLI, serves the output
 * statically, and starts `site serve` beside it; builds and serves it once more with its islands
 * on preact/compat, for the tests of islands.
 */
export default async function setup(project: TestProject) {
  if (!hasBrowser) {
    const message = `No Chromium at ${chromePath}: browser tests cannot run. Install Debian's chromium (apt-get install chromium) or set CHROME_PATH.`;
    if (process.env.CI === 'true') throw new Error(message);
    console.warn(`\n⚠ ${message} They are skipped.\n`);
    return;
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-'));
  const distDir = path.join(work, 'dist');
  const content = process.env.E2E_CONTENT ? ['--content', process.env.E2E_CONTENT] : [];
  const built = spawnSync(BIN, ['build', '--out', distDir, ...content], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`site build failed:\n${built.stdout}${built.stderr}`);
  const preactDir = path.join(work, 'dist-preact');
  const builtPreact = spawnSync(BIN, ['build', '--out', preactDir, ...content], {
    encoding: 'utf8',
    env: { ...process.env, SITE_CLIENT_RUNTIME: 'preact' },
  });
  if (builtPreact.status !== 0) throw new Error(`site build (preact/compat) failed:\n${builtPreact.stdout}${builtPreact.stderr}`);
  const staticServer = await serveStatic(distDir);
  const preactServer = await serveStatic(preactDir);
  const { child, url } = await startDevServer(['serve', '--port', '0', ...content]);
  project.provide('buildUrl', staticServer.url);
  project.provide('serveUrl', url);
  project.provide('distDir', distDir);
  project.provide('preactUrl', preactServer.url);
  return async () => {
    child.kill('SIGTERM');
    await staticServer.close();
    await preactServer.close();
    fs.rmSync(work, { recursive: true, force: true });
  };
}

/** Starts `site serve` with the given arguments (and environment) and waits for the address it prints. */
export function startDevServer(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(BIN, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Serving (http:\/\/[^\s/]+)\//.exec(output);
      if (match) resolve({ child, url: match[1]!, output: () => output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`site serve exited with ${code}:\n${output}`)));
  });
}

/** Stops a `site serve` started by `startDevServer` and waits until its process has exited. */
export async function stopDevServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
