import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { build, type BuildResult } from '../../src/build.ts';
import type { Diagnostic } from '../../src/diagnostics/diagnostics.ts';
import { formatDiagnosticLine } from '../../src/diagnostics/print.ts';
import { diskWriter } from '../../src/output/write.ts';
import { createSite } from '../../templates/site.ts';

const SMALL_SITE = path.resolve('tests/fixtures/small-site/content');
/** Social images and image variants outlive one run, so only the first run on a machine draws them all. */
const SHARED_CACHE = path.join(os.tmpdir(), 'site-property-cache');

/**
 * fast-check settings: a fixed seed so CI is repeatable, and a run count sized for a 2-core
 * machine. `FC_SEED=… FC_RUNS=500 npx vitest run tests/property` looks deeper locally.
 */
export function settings(defaultRuns: number) {
  return {
    numRuns: Number(process.env.FC_RUNS) || defaultRuns,
    seed: process.env.FC_SEED ? Number(process.env.FC_SEED) : 0x5eed,
    // Each run is a whole build: shrinking a counterexample is worth a little time, not minutes.
    interruptAfterTimeLimit: 5 * 60_000,
    markInterruptAsFailure: false,
  };
}

/** Test timeout for a property that runs `runs` builds (CI budget, plus room for FC_RUNS). */
export function timeoutFor(defaultRuns: number): number {
  return Math.max(120_000, (Number(process.env.FC_RUNS) || defaultRuns) * 10_000);
}

/** Build options for property runs: caches outside the project, social images drawn in this thread. */
export function buildOptions() {
  return { og: { cacheDir: path.join(SHARED_CACHE, 'og'), threads: 0 }, images: { cacheDir: path.join(SHARED_CACHE, 'images') } };
}

/** Bytes of every file under a folder, by relative path, as a hash: what "byte-identical" compares. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  }
  return out;
}

/**
 * A scratch project for one property: a pristine copy of the small site for each run, and an
 * output folder that always holds the last good build. Caches live in the system's temporary
 * folder, so runs never touch the project's `.site-cache`.
 */
export class Workspace {
  readonly root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-property-'));
  readonly dist = path.join(this.root, 'dist');
  private runs = 0;
  /** How many builds succeeded, and how many failed with each code: `FC_STATS=1` prints them, for tuning the arbitraries. */
  readonly outcomes = new Map<string, number>();
  /** What `dist/` held after the last build that succeeded. */
  lastGood: Record<string, string> = {};

  /** A fresh copy of the small site's content for one run. */
  freshContent(): string {
    const content = path.join(this.root, `run-${++this.runs}`, 'content');
    fs.cpSync(SMALL_SITE, content, { recursive: true });
    return content;
  }

  /** Builds the pristine small site once, so `dist/` has a previous build to protect. */
  async prime(): Promise<void> {
    const result = await this.build(this.freshContent());
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  }

  /** Builds a content folder into `dist/`; never lets an exception pass for an outcome. */
  async build(content: string): Promise<BuildResult> {
    const site = createSite(content);
    let result: BuildResult;
    try {
      result = await build(site, diskWriter(this.dist), buildOptions());
    } catch (error) {
      throw new Error(`the build threw instead of reporting: ${error instanceof Error ? error.stack : String(error)}`);
    }
    this.check(result, content);
    return result;
  }

  /**
   * The promise every build keeps: success, or errors that each name an existing file and a
   * line and carry no stack; and after a failure, `dist/` exactly as the last good build left it.
   */
  private check(result: BuildResult, content: string): void {
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    for (const code of errors.length ? new Set(errors.map((d) => d.code)) : ['(built)'])
      this.outcomes.set(code, (this.outcomes.get(code) ?? 0) + 1);
    if (errors.length === 0) {
      expect(result.files, 'a build without errors writes its output').toBeDefined();
      this.lastGood = snapshot(this.dist);
      return;
    }
    for (const d of errors) {
      const shown = describe(d, content);
      expect(d.file, `no file: ${shown}`).toBeTruthy();
      expect(fs.existsSync(d.file!), `no such file: ${shown}`).toBe(true);
      expect(d.line, `no line: ${shown}`).toBeGreaterThanOrEqual(1);
      expect(`${d.message} ${d.actual ?? ''} ${d.hint ?? ''}`, `a stack in: ${shown}`).not.toMatch(/\n\s+at /);
    }
    expect(result.files).toBeUndefined();
    expect(snapshot(this.dist), 'a failed build changed dist/').toEqual(this.lastGood);
  }

  /** Removes the run folders (keeps dist/, which later runs still compare against). */
  cleanRuns(): void {
    for (const name of fs.readdirSync(this.root))
      if (name.startsWith('run-')) fs.rmSync(path.join(this.root, name), { recursive: true, force: true });
  }

  remove(): void {
    if (process.env.FC_STATS) console.log(Object.fromEntries(this.outcomes));
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}

function describe(d: Diagnostic, content: string): string {
  return `${formatDiagnosticLine(d, path.dirname(content))}  [${d.code}]`;
}

/** A content file's front matter and body, for mutating one or the other. */
export function splitFile(text: string): { frontMatter: string[]; body: string } {
  const [, yaml = '', body = ''] = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text) ?? [];
  return { frontMatter: yaml.split('\n'), body };
}

/** The Markdown files of the small site, relative to its content folder. */
export const PAGES = fs
  .readdirSync(SMALL_SITE, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.md'))
  .sort();
