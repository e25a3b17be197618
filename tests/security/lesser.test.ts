import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { OUTPUT_SIGNATURE } from '../../src/output/ownership.ts';
import { diskWriter } from '../../src/output/write.ts';
import { OutputWriteError } from '../../src/output/write-guards.ts';
import { formatDiagnostics } from '../../src/diagnostics/print.ts';
import { formCsp, resolveFormEndpoint } from '../../templates/contact/form-endpoint.ts';
import { smallSiteWith } from '../helpers/fixture-site.ts';
import { projectWorkFolder } from '../helpers/temp-folders.ts';

/** Issue 39, lesser points 11 to 15, one test (or a few) each. */
const work = projectWorkFolder('security-lesser-');
const site = (...args: string[]) => spawnSync(process.execPath, [path.resolve('bin/site'), ...args], { encoding: 'utf8' });

/** A copy of the guide's minimal example, built once into its dist/, so that a failing build has a previous output to keep. */
function builtExample(name: string): { project: string; dist: string; before: Map<string, string> } {
  const project = path.join(work, name);
  fs.cpSync(path.resolve('docs/examples/minimal'), project, { recursive: true });
  const first = site('--root', project, 'build');
  expect(first.status, first.stderr).toBe(0);
  const dist = path.join(project, 'dist');
  return { project, dist, before: snapshot(dist) };
}

/** Every file of a folder with its bytes (as base64), to compare a whole output before and after. */
function snapshot(folder: string): Map<string, string> {
  const files = fs.readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Map(
    files.map((entry) => [
      path.relative(folder, path.join(entry.parentPath, entry.name)),
      fs.readFileSync(path.join(entry.parentPath, entry.name), 'base64'),
    ]),
  );
}

describe('11. a file name with a line end', () => {
  const FORGED = '✔ Built 99 pages from 99 files in 0.01 s.';

  it('is written out as \\x0a in a problem, never as a line of its own', () => {
    const { project } = builtExample('newline-error');
    fs.writeFileSync(path.join(project, 'content', `evil\n${FORGED}.md`), '---\ntitle: Evil\n---\nText.\n');
    const run = site('--root', project, 'build');
    expect(run.status, run.stderr).toBe(1);
    const lines = run.stderr.split('\n');
    expect(lines.filter((line) => line.startsWith('✔'))).toEqual([]);
    expect(lines.find((line) => line.includes('[invalid-file-name]'))).toContain(`content/evil\\x0a${FORGED}.md:1`);
  }, 60_000);

  it('is written out as \\x0a in the summary of a build that succeeds', () => {
    const { project } = builtExample('newline-summary');
    // A .markdown file is not read, and the summary names it.
    fs.writeFileSync(path.join(project, 'content', `notes\n${FORGED}.markdown`), 'Notes.\n');
    const run = site('--root', project, 'build');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim().split('\n')).toEqual([expect.stringContaining(`(notes\\x0a${FORGED}.markdown)`)]);
  }, 60_000);
});

describe('12. a full disk or the file-size limit', () => {
  afterEach(() => void vi.restoreAllMocks());

  it('ENOSPC from the writer is one line naming the output, and the previous output stays whole', async () => {
    const dist = path.join(fs.mkdtempSync(path.join(work, 'enospc-')), 'dist');
    const writer = diskWriter(dist);
    await writer.write([
      { path: '_headers', contents: `# ${OUTPUT_SIGNATURE}\n` },
      { path: 'index.html', contents: 'the previous build' },
    ]);
    const before = snapshot(dist);
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    vi.spyOn(fsPromises, 'writeFile').mockRejectedValueOnce(full);
    const writing = writer.write([
      { path: 'index.html', contents: 'the next build' },
      { path: 'about/index.html', contents: 'more' },
    ]);
    await expect(writing).rejects.toBeInstanceOf(OutputWriteError);
    const message = await writing.catch((error: Error) => error.message);
    expect(message).toBe(
      `${dist} could not be written (ENOSPC: the disk is full), so the build stopped; the previous output is whole. Make room and build again.  [output-write-failed]`,
    );
    expect(snapshot(dist)).toEqual(before);
    expect(fs.readdirSync(path.dirname(dist))).toEqual(['dist']);
  });

  it('EFBIG under ulimit -f ends site build in one line without a stack, and the previous output stays whole', () => {
    const { project, dist, before } = builtExample('efbig');
    // 2 MB in a file the build publishes as it is; the limit, 1 MB (ulimit counts 1,024-byte blocks).
    fs.writeFileSync(path.join(project, 'content/large.txt'), Buffer.alloc(2 * 1024 * 1024, 'x'));
    const run = spawnSync(
      'bash',
      ['-c', 'ulimit -f 1024 && exec "$0" "$@"', process.execPath, path.resolve('bin/site'), '--root', project, 'build'],
      {
        encoding: 'utf8',
      },
    );
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr.trim()).toBe(
      `site: ${dist} could not be written (EFBIG: a file is larger than the file-size limit allows), so the build stopped; the previous output is whole. Make room and build again.  [output-write-failed]`,
    );
    expect(snapshot(dist)).toEqual(before);
  }, 60_000);
});

describe('13. a wildcard form host', () => {
  it.each(['https://*.example/', 'https://%2A.example/f/1', 'https://forms.*.example/'])(
    '%j is refused, from the environment or the identity',
    (endpoint) => {
      expect(() => resolveFormEndpoint(undefined, { SITE_FORM_ENDPOINT: endpoint })).toThrow(
        /SITE_FORM_ENDPOINT: expected .* is a wildcard/,
      );
      expect(() => resolveFormEndpoint(endpoint, {})).toThrow(/templates\/identity\.ts, field formEndpoint: .* is a wildcard/);
    },
  );

  it('a named host is taken, and is all that form-action and connect-src get', () => {
    const endpoint = resolveFormEndpoint(undefined, { SITE_FORM_ENDPOINT: 'https://formspree.io/f/abcd1234' });
    expect(formCsp(endpoint)).toEqual({ 'form-action': ['https://formspree.io'], 'connect-src': ['https://formspree.io'] });
  });
});

describe('14. the summary of a failed build', () => {
  it('counts the files with errors among the content files read, and the others apart', () => {
    const { project } = builtExample('counts');
    // Three Markdown files are read; six files that may not be published sit beside them, each an error.
    for (let i = 1; i <= 6; i++) fs.writeFileSync(path.join(project, 'content', `page-${i}.html`), '<p>Hi</p>\n');
    const run = site('--root', project, 'build');
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toContain('✖ 6 errors in 0 of 3 content files and 6 other files. Nothing was written to dist/.');
  }, 60_000);

  it('says "x of n files" when every file with an error is a content file read', () => {
    const error = (file: string) => ({ code: 'missing-field' as const, severity: 'error' as const, file, line: 1, message: 'is required' });
    const summary = (files: string[]) =>
      formatDiagnostics(files.map(error), { cwd: '/site', fileCount: 3, contentDir: '/site/content' }).split('\n').pop();
    expect(summary(['/site/content/a.md', '/site/content/b.mdx'])).toBe('✖ 2 errors in 2 of 3 files.');
    expect(summary(['/site/content/a.md', '/site/site.config.tsx', '/site/content/x.png', '/outside/content/c.md'])).toBe(
      '✖ 4 errors in 1 of 3 content files and 3 other files.',
    );
  });
});

describe('15. the thank-you page of the consultation form', () => {
  /** The firm's site over the small fixture's content with the firm's thank-you page, built by the CLI with the form endpoint given (or none). */
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
  });
  function buildFirm(endpoint: string | undefined) {
    const { root, content } = smallSiteWith();
    roots.push(root);
    fs.cpSync(path.resolve('content/contact/thanks.md'), path.join(content, 'contact/thanks.md'));
    const out = path.join(root, 'dist');
    const env = { ...process.env };
    delete env.SITE_FORM_ENDPOINT;
    if (endpoint) env.SITE_FORM_ENDPOINT = endpoint;
    const run = spawnSync(process.execPath, [path.resolve('bin/site'), 'build', '--content', content, '--out', out], {
      encoding: 'utf8',
      env,
    });
    expect(run.status, run.stderr).toBe(0);
    return { out, text: (file: string) => fs.readFileSync(path.join(out, file), 'utf8') };
  }

  it('is not built, drawn or listed without a form endpoint', () => {
    const { out, text } = buildFirm(undefined);
    expect(fs.existsSync(path.join(out, 'contact/thanks'))).toBe(false);
    expect(fs.existsSync(path.join(out, 'og/contact/thanks.png'))).toBe(false);
    expect(text('dev/ogImages/index.html')).toContain('<code>/contact</code>');
    expect(text('dev/ogImages/index.html')).not.toContain('/contact/thanks');
    expect(text('_headers')).not.toContain('/contact/thanks');
  }, 60_000);

  it('is built, and listed on /dev/ogImages, with one', () => {
    const { out, text } = buildFirm('https://forms.example/f/1');
    expect(text('contact/thanks/index.html')).toContain('your request is on its way');
    expect(fs.existsSync(path.join(out, 'og/contact/thanks.png'))).toBe(true);
    expect(text('dev/ogImages/index.html')).toContain('<code>/contact/thanks</code>');
    expect(text('contact/index.html')).toContain('/contact/thanks');
  }, 60_000);
});
