import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { DRAFT_NOTICE } from '../../src/render/draft-notice.ts';
import { loadSite, withContent } from '../../src/site/load.ts';

/** The guide's drafts example, with its content copied so that a test may add to it. */
const EXAMPLE = path.resolve('docs/examples/drafts');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'drafts-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function buildExample(options: { drafts?: boolean; linkToDraft?: boolean }) {
  const content = fs.mkdtempSync(path.join(work, 'content-'));
  fs.cpSync(path.join(EXAMPLE, 'content'), content, { recursive: true });
  if (options.linkToDraft) fs.appendFileSync(path.join(content, 'posts/published.md'), '\nMore in [the next post](/posts/next).\n');
  const site = withContent(await loadSite(EXAMPLE), content);
  const writer = memoryWriter();
  const result = await build(site, writer, { threads: 0, cache: false, drafts: options.drafts });
  const text = (file: string) => new TextDecoder().decode(writer.files.get(file));
  return { result, files: writer.files, text };
}

describe('drafts', () => {
  it('are left out of a build: no page, listing, feed item or sitemap line, and counted', async () => {
    const { result, files, text } = await buildExample({});
    expect(result.diagnostics).toEqual([]);
    expect(result.drafts).toBe(1);
    expect(files.has('posts/next/index.html')).toBe(false);
    expect(result.catalogue.byPath('/posts/next')).toBeUndefined();
    expect(text('index.html')).not.toContain('/posts/next');
    expect(text('rss.xml')).not.toContain('/posts/next');
    expect(text('sitemap.xml')).not.toContain('/posts/next');
    expect(text('posts/published/index.html')).not.toContain('data-draft-notice');
  }, 60_000);

  it('are built with drafts: true, marked as drafts on their page', async () => {
    const { result, text } = await buildExample({ drafts: true });
    expect(result.diagnostics).toEqual([]);
    expect(result.drafts).toBe(0);
    expect(text('posts/next/index.html')).toContain(
      `<main><p data-draft-notice="" role="note">${DRAFT_NOTICE}</p><article><h1>The next post</h1>`,
    );
    expect(text('index.html')).toContain('<a href="/posts/next">');
  }, 60_000);

  it('make a link from a published page a broken link whose hint says the target is a draft', async () => {
    const left = await buildExample({ linkToDraft: true });
    expect(left.files.size).toBe(0);
    expect(left.result.diagnostics).toMatchObject([
      { code: 'broken-link', actual: '"/posts/next"', hint: expect.stringContaining('/posts/next is a draft (draft: true)') },
    ]);
    const included = await buildExample({ linkToDraft: true, drafts: true });
    expect(included.result.diagnostics).toEqual([]);
  }, 60_000);

  it('are counted in the summary of site build, and built with --drafts', () => {
    const out = path.join(work, 'dist');
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [path.resolve('bin/site'), 'build', '--root', EXAMPLE, '--out', out, ...args], { encoding: 'utf8' });
    const without = run();
    expect(without.status, without.stderr).toBe(0);
    expect(without.stdout).toMatch(/Built 4 pages from 4 files into .* 1 draft left out \(--drafts builds them\)\./);
    const withDrafts = run('--drafts');
    expect(withDrafts.status, withDrafts.stderr).toBe(0);
    expect(withDrafts.stdout).toMatch(/Built 5 pages .*from 4 files/);
    expect(fs.existsSync(path.join(out, 'posts/next/index.html'))).toBe(true);
  }, 60_000);
});
