import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listSiteFiles } from '../../src/assets/static-files.ts';
import { createCatalogue } from '../../src/content/catalogue.ts';
import { diskWriter, writeStagedFileSync } from '../../src/output/write.ts';
import { OutputPathError } from '../../src/output/write-guards.ts';
import { OUTPUT_SIGNATURE } from '../../src/output/ownership.ts';
import { deriveEntries, planRoutes } from '../../src/routes/routes.ts';
import { checkFileName, checkOutputName } from '../../src/safety/file-names.ts';
import { urlForContentFile, urlToOutPath } from '../../src/core/urls.ts';
import { outputPathProblem, RESERVED_OUTPUT_NAMES } from '../../src/safety/output-paths.ts';
import { HEADERS_FILE } from '../../src/security/headers-output.ts';
import { CADDY_FILE, NGINX_FILE, VERCEL_FILE } from '../../src/security/host-files.ts';
import { SEARCH_FOLDER } from '../../src/search/index-site.ts';
import { REDIRECTS_FILE } from '../../src/seo/redirects.ts';
import { checkSite } from '../../src/site/validate.ts';
import { ogImageUrl } from '../../src/site/social-images.ts';
import { projectWorkFolder } from '../helpers/temp-folders.ts';

/**
 * Issue 39, hole 5: a redirect source of '/../../victim.html' overwrote a file two folders above
 * dist/, another wrote content/index.md.html into the content folder, and '/_headers' crashed
 * with a raw EISDIR. Every path the site or its content names for an output file is checked at
 * its line, and the writer refuses any path outside the output, whoever asks.
 */
const work = projectWorkFolder('security-output-paths-');

describe('an output path the site or its content names', () => {
  it.each([
    ['/../../victim.html', 'dot-segment'],
    ['/../content/index.md.html', 'dot-segment'],
    ['/a/./b', 'dot-segment'],
    ['/%2e%2e/%2e%2e/victim.html', 'encoded'],
    ['/%2E%2E/victim.html', 'encoded'],
    ['/a%2Fb', 'encoded'],
    ['/a%5cb', 'encoded'],
    ['/..\\victim.html', 'backslash'],
    ['/a\nb', 'control'],
    ['/_headers', 'reserved'],
    ['/_HEADERS', 'reserved'],
    ['/_redirects', 'reserved'],
    ['/404.html', 'reserved'],
    ['/og/projects/acme.png', 'reserved'],
    ['/vercel.json', 'reserved'],
  ])('%j is refused (%s)', (written, kind) => {
    expect(outputPathProblem(written)).toMatchObject({ kind });
  });

  it.each(['/old-path', '/about-us.html', '/blog/rss.xml', '/dev/ogImages', '/caf%C3%A9', '/a..b/c.'])('%j is a plain path', (written) => {
    expect(outputPathProblem(written)).toBeUndefined();
  });

  it("reserves exactly the names the build writes at the output's root and the host files", () => {
    const page = { url: '/404', template: 'page' } as Parameters<typeof planRoutes>[0][number];
    const notFound = planRoutes([page], '/404')
      .filter((route) => route.url === '/404' && route.outPath !== 'index.html' && !route.outPath.includes('/'))
      .map((route) => route.outPath);
    expect([...RESERVED_OUTPUT_NAMES].sort()).toEqual(
      [
        HEADERS_FILE,
        REDIRECTS_FILE,
        ...notFound,
        ogImageUrl('/a').split('/')[1],
        SEARCH_FOLDER,
        VERCEL_FILE,
        NGINX_FILE,
        CADDY_FILE,
      ].sort(),
    );
  });

  it('is an error at the derived route, the feed and the content file that name it', () => {
    const derived = deriveEntries(
      [{ url: '/../../victim', template: 'page', data: { title: 'T', description: 'D' }, source: '/site/routes.ts' }],
      createCatalogue([]),
      { templates: ['page'], root: '/site' },
    );
    expect(derived.entries).toEqual([]);
    expect(derived.diagnostics).toMatchObject([{ code: 'unsafe-output-path', file: '/site/routes.ts', field: 'route /../../victim: url' }]);

    expect(checkFileName({ file: '/site/content/og/x.md', relative: 'og/x.md' })).toMatchObject({ code: 'unsafe-output-path', line: 1 });
    expect(checkFileName({ file: '/site/content/404.html.md', relative: '404.html.md' })).toMatchObject({ code: 'unsafe-output-path' });
    expect(checkFileName({ file: '/site/content/posts/og.md', relative: 'posts/og.md' })).toBeUndefined();
    // Pagefind's entry file would win over a page's at /pagefind/… (found by an attack pass).
    expect(
      checkFileName({ file: '/site/content/pagefind/pagefind-entry.json.md', relative: 'pagefind/pagefind-entry.json.md' }),
    ).toMatchObject({ code: 'unsafe-output-path' });
  });

  // In `_headers` a rule for the page `/*` would give its headers to every path, `/:x` to every
  // one-segment path (found by an attack pass): such names are refused, pages and files alike.
  it.each(['*.md', 'posts/:slug.md', 'a*b.md'])('a page from the file %j is an error', (relative) => {
    expect(checkFileName({ file: `/site/content/${relative}`, relative })).toMatchObject({
      code: 'invalid-file-name',
      line: 1,
      field: 'file name',
    });
  });
  it.each([':logo.svg', 'files/report*.pdf'])('a file %j published as it is is an error', (relative) => {
    expect(checkOutputName({ file: `/site/content/${relative}`, relative }, `/${relative}`)).toMatchObject({ code: 'invalid-file-name' });
  });

  // Issue 44: names of dots and escapes are pages (`..md` is the shell's `.` in a cheat sheet), so
  // their URLs are made so that no page lands outside its folder or on another page's file.
  it.each([
    'commands/..md',
    'commands/...md',
    'a/b/...md',
    'commands/%2e%2e.md',
    'commands/%2E%2E%2F%2E%2E.md',
    'commands/%5c.md',
    '%2e.md',
  ])('the page of the file %j is written inside its folder, at no other page', (relative) => {
    expect(checkFileName({ file: `/site/content/${relative}`, relative })).toBeUndefined();
    const { url } = urlForContentFile(relative);
    const out = urlToOutPath(url);
    const folder = path.posix.dirname(relative);
    expect(out.split('/')).not.toContain('..');
    expect(out.split('/')).not.toContain('.');
    expect(path.posix.dirname(path.posix.dirname(path.posix.normalize(out)))).toBe(folder);
    expect(outputPathProblem(url)).toBeUndefined();
  });

  it("is an error at a file of the content folder that would land on the host's or the build's own files", () => {
    const root = fs.mkdtempSync(path.join(work, 'content-files-'));
    const contentDir = path.join(root, 'content');
    for (const file of ['vercel.json', 'og/index.png', 'posts/og.png', 'posts/vercel.json'])
      fs.mkdirSync(path.dirname(path.join(contentDir, file)), { recursive: true });
    for (const file of ['vercel.json', 'og/index.png', 'posts/og.png', 'posts/vercel.json'])
      fs.writeFileSync(path.join(contentDir, file), '{}');
    const listed = listSiteFiles({ root, contentDir });
    expect(listed.files.map((file) => file.path).sort()).toEqual(['posts/og.png', 'posts/vercel.json']);
    expect(listed.diagnostics).toMatchObject([
      { code: 'unsafe-output-path', file: path.join(contentDir, 'og/index.png'), line: 1, field: 'file name' },
      { code: 'unsafe-output-path', file: path.join(contentDir, 'vercel.json'), line: 1, field: 'file name' },
    ]);
  });

  it("is an error at a feed's path in the site definition", async () => {
    const example = path.resolve('docs/examples/feeds');
    const { default: definition } = (await import(path.join(example, 'site.config.tsx'))) as { default: { feeds: object[] } };
    const feeds = [{ ...definition.feeds[0], rss: '/../../feed.xml', atom: '/_redirects' }];
    const checked = checkSite({ ...definition, feeds }, example);
    expect(checked.site).toBeUndefined();
    expect(checked.diagnostics).toMatchObject([
      { code: 'unsafe-output-path', field: 'feeds[0].rss', actual: '"/../../feed.xml"' },
      { code: 'unsafe-output-path', field: 'feeds[0].atom', actual: '"/_redirects"' },
    ]);
  });

  it('is refused as a redirect source at its line in the site definition, and nothing is written anywhere', () => {
    const project = path.join(work, 'site');
    fs.cpSync(path.resolve('docs/examples/redirects'), project, { recursive: true });
    const config = path.join(project, 'site.config.tsx');
    const sources = ['/../../victim.html', '/../content/index.md.html', '/%2e%2e/%2e%2e/victim.html', '/_headers', '/404.html'];
    const written = sources.map((source) => `    '${source}': '/about',\n`).join('');
    fs.writeFileSync(
      config,
      fs.readFileSync(config, 'utf8').replace("    '/team': '/about/team',\n", `    '/team': '/about/team',\n${written}`),
    );
    const victim = path.join(work, 'victim.html');
    fs.writeFileSync(victim, 'the original\n');
    const run = spawnSync(process.execPath, [path.resolve('bin/site'), '--root', project, 'build'], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(1);
    const lines = run.stderr.split('\n');
    const configText = fs.readFileSync(config, 'utf8').split('\n');
    for (const source of sources) {
      const line = configText.findIndex((text) => text.includes(`'${source}'`)) + 1;
      const shown = JSON.stringify(source);
      expect(
        lines.some((text) => text.startsWith(`site.config.tsx:${line}`) && text.includes(shown) && text.endsWith('[unsafe-output-path]')),
        `${source} at line ${line}:\n${run.stderr}`,
      ).toBe(true);
    }
    expect(run.stderr).not.toMatch(/EISDIR|\n\s+at /);
    expect(fs.readFileSync(victim, 'utf8')).toBe('the original\n');
    expect(fs.existsSync(path.join(project, 'content/index.md.html'))).toBe(false);
    expect(fs.existsSync(path.join(project, 'dist'))).toBe(false);
  }, 60_000);
});

/** A `_headers` that says a build wrote the folder, so that the next write may replace it. */
const SIGNED_HEADERS = { path: '_headers', contents: `# ${OUTPUT_SIGNATURE}\n` };

describe('the writer, whatever the caller', () => {
  const out = () => {
    const folder = fs.mkdtempSync(path.join(work, 'out-'));
    return { folder, dist: path.join(folder, 'nested', 'dist') };
  };

  it.each(['../victim.txt', '../../victim.txt', 'a/../../victim.txt', '/tmp/victim.txt', '', '.'])('refuses to write %j', async (file) => {
    const { folder, dist } = out();
    fs.mkdirSync(path.dirname(dist), { recursive: true });
    const writing = diskWriter(dist).write([
      { path: 'index.html', contents: 'ok' },
      { path: file, contents: 'pwned' },
    ]);
    await expect(writing).rejects.toBeInstanceOf(OutputPathError);
    await expect(writing).rejects.toThrow(/is no path inside .*dist, so it stopped and wrote nothing there.*\[output-path-outside\]$/);
    expect(fs.existsSync(path.join(folder, 'nested', 'victim.txt'))).toBe(false);
    expect(fs.existsSync(path.join(folder, 'victim.txt'))).toBe(false);
    expect(fs.existsSync(dist)).toBe(false);
  });

  it('refuses a kept file outside the output (an edited build cache), and a page a render thread writes outside its staging folder', async () => {
    const { folder, dist } = out();
    fs.mkdirSync(path.dirname(dist), { recursive: true });
    fs.writeFileSync(path.join(folder, 'secret.txt'), 'outside');
    const writer = diskWriter(dist);
    await writer.write([{ path: 'index.html', contents: 'ok' }, SIGNED_HEADERS]);
    await expect(writer.current.update([], ['../../secret.txt'])).rejects.toBeInstanceOf(OutputPathError);
    expect(() => writer.current.read('../../secret.txt')).toThrow(OutputPathError);
    expect(fs.readdirSync(dist).sort()).toEqual(['_headers', 'index.html']);
    expect(() => writeStagedFileSync(dist, { path: '../escaped.html', contents: 'x' })).toThrow(OutputPathError);
    expect(fs.existsSync(path.join(folder, 'nested', 'escaped.html'))).toBe(false);
  });
});
