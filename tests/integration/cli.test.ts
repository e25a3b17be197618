import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = path.resolve('bin/site');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-cli-'));
const run = (...args: string[]) => spawnSync(BIN, args, { encoding: 'utf8' });
const small = path.resolve('tests/fixtures/small-site/content');
const invalid = path.resolve('tests/fixtures/invalid-frontmatter/content');

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('the site CLI', () => {
  it('prints its version and help, exit 0', () => {
    const version = run('--version');
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    for (const args of [['--help'], ['build', '--help'], ['og', '--help'], ['serve', '--help']]) {
      const help = run(...args);
      expect(help.status, args.join(' ')).toBe(0);
      expect(help.stdout).toContain('Usage: site');
    }
  });

  it.each([
    [['build', '--bogus']],
    [['build', '--origin', 'not a url']],
    [['build', '--origin', 'ftp://example.com']],
    [['serve', '--port', 'eighty']],
    [['serve', '--port', '70000']],
    [['og', '--content', small, '--only', '/no/such/page']],
    [['og', '--content', small, '--only', '/privacy-policy']],
    [['frobnicate']],
    [['build', '--content', '/no/such/content']],
    [['og', '--content', '/no/such/content']],
    [['serve', '--content', '/no/such/content']],
    [['--root', '/no/such/project', 'build']],
    [['--config', 'no-such.config.ts', 'build']],
  ])('exits 2 on a usage error: %j', (args) => {
    const result = run(...args);
    expect(result.status).toBe(2);
    expect(result.stderr).not.toBe('');
  });

  it('builds, using --origin for canonical URLs, and exits 0', () => {
    const out = path.join(work, 'dist');
    const result = run('build', '--content', small, '--out', out, '--origin', 'https://staging.example.com/');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Built \d+ pages from 18 files/);
    const html = fs.readFileSync(path.join(out, 'about/company/index.html'), 'utf8');
    expect(html).toContain('<link rel="canonical" href="https://staging.example.com/about/company"/>');
  });

  it('writes out control characters in the names of files it does not read, so a terminal never obeys them', () => {
    const content = path.join(work, 'skipped-content');
    fs.cpSync(small, content, { recursive: true });
    fs.writeFileSync(path.join(content, 'notes\u001b[2J.markdown'), '# Not content\n');
    const result = run('build', '--content', content, '--out', path.join(work, 'skipped-out'));
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('not read (notes\\x1b[2J.markdown)');
    expect(result.stdout).not.toContain('\u001b');
  });

  it('takes the origin from SITE_ORIGIN when no --origin is given', () => {
    const out = path.join(work, 'env');
    const result = spawnSync(BIN, ['build', '--content', small, '--out', out], {
      encoding: 'utf8',
      env: { ...process.env, SITE_ORIGIN: 'https://env.example' },
    });
    expect(result.status, result.stderr).toBe(0);
    expect(fs.readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('href="https://env.example/"');
  });

  it("runs through the npm scripts the README names (npm does not link a package's own bin)", () => {
    const out = path.join(work, 'npm');
    const result = spawnSync('npm', ['run', 'build', '--', '--content', small, '--out', out], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(fs.existsSync(path.join(out, 'index.html'))).toBe(true);
  });

  it("answers an unchanged rebuild from the last build's receipt, and rebuilds whatever an edit touches", () => {
    const content = path.join(work, 'receipt-content');
    fs.cpSync(small, content, { recursive: true });
    const out = path.join(work, 'receipt-dist');
    const page = path.join(out, 'about/company/index.html');
    const build = (env: NodeJS.ProcessEnv = {}) => {
      const result = spawnSync(BIN, ['build', '--content', content, '--out', out], { encoding: 'utf8', env: { ...process.env, ...env } });
      expect(result.status, result.stderr).toBe(0);
      return result.stdout;
    };
    expect(build()).not.toContain('nothing changed');
    expect(build()).toMatch(
      /✔ Built \d+ pages \(nothing changed since the last build\) from 18 files into .*receipt-dist\/ in [\d.]+ s\. Social images: 0 drawn, \d+ reused\./,
    );

    // A content edit: the page shows it, and the build after that has nothing to do again.
    const company = path.join(content, 'about/company.md');
    fs.appendFileSync(company, '\nA sentence added after the last build.\n');
    expect(build()).toMatch(/\(1 rendered, \d+ unchanged\)/);
    expect(fs.readFileSync(page, 'utf8')).toContain('A sentence added after the last build.');
    expect(build()).toContain('nothing changed since the last build');

    // An output file edited by hand is put back.
    const built = fs.readFileSync(page, 'utf8');
    fs.writeFileSync(page, 'edited by hand');
    expect(build()).not.toContain('nothing changed');
    expect(fs.readFileSync(page, 'utf8')).toBe(built);

    // Another origin is another request.
    expect(build({ SITE_ORIGIN: 'https://receipt.example' })).not.toContain('nothing changed');
    expect(fs.readFileSync(page, 'utf8')).toContain('https://receipt.example/about/company');
  });

  it('renders every page again when a SITE_* variable the site reads changes, so pages and headers agree', () => {
    const out = path.join(work, 'site-env');
    const build = (endpoint: string) => {
      const result = spawnSync(BIN, ['build', '--content', small, '--out', out], {
        encoding: 'utf8',
        env: { ...process.env, SITE_FORM_ENDPOINT: endpoint },
      });
      expect(result.status, result.stderr).toBe(0);
      return {
        page: fs.readFileSync(path.join(out, 'contact/index.html'), 'utf8'),
        headers: fs.readFileSync(path.join(out, '_headers'), 'utf8'),
      };
    };
    build('https://first.example/f/form');
    // The firm's site reads SITE_FORM_ENDPOINT into both the form (a page) and the policy (_headers).
    const second = build('https://second.example/f/form');
    expect(second.page).toContain('action="https://second.example/f/form"');
    expect(second.page).not.toContain('first.example');
    expect(second.headers).toContain("connect-src 'self' https://second.example");
  });

  it('exits 1 with located messages on bad content, and leaves the previous output untouched', () => {
    const out = path.join(work, 'keep');
    expect(run('build', '--content', small, '--out', out).status).toBe(0);
    const before = snapshot(out);
    const result = run('build', '--content', invalid, '--out', out);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/bad-tags\.md:10 {2}tags\[1\]: expected one of .*, found "snowflak"/);
    expect(result.stderr).toContain('✖ 19 errors in 9 of 9 files. Nothing was written to');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(snapshot(out)).toEqual(before);
    expect(fs.readdirSync(work).filter((name) => name.startsWith('keep.'))).toEqual([]);
  });
});

describe('site og', () => {
  const cache = path.join(work, 'og-cache');
  const og = (...args: string[]) => run('og', '--content', small, '--cache', cache, ...args);

  it('draws every stale image, then nothing on an unchanged site, and one page on request', () => {
    const cold = og();
    expect(cold.status, cold.stderr).toBe(0);
    const drawn = Number(/✔ Social images: (\d+) drawn, 0 reused, in [\d.]+ s/.exec(cold.stdout)?.[1]);
    expect(drawn).toBeGreaterThan(10);
    expect(fs.readdirSync(cache).filter((name) => name.endsWith('.png'))).toHaveLength(drawn);

    const warm = og();
    expect(warm.stdout).toMatch(new RegExp(`✔ Social images: 0 drawn, ${drawn} reused, in [\\d.]+ s\\.`));

    const one = og('--only', '/about/company', '--force');
    expect(one.stdout).toMatch(/✔ Social images: 1 drawn, 0 reused/);
    expect(one.stdout).toMatch(/\/about\/company → .*og-cache\/[\w-]{20}\.png/);
  });

  it('says why --only has nothing to draw', () => {
    expect(og('--only', '/no/such/page').stderr).toContain('No page is published at /no/such/page.');
    expect(og('--only', '/privacy-policy').stderr).toContain('names a hand-made image (/images/og-card.svg)');
  });

  it("leaves drafts out, as a build does, and draws a draft's image with --drafts", () => {
    const drafted = path.join(work, 'drafted');
    fs.cpSync(small, drafted, { recursive: true });
    const company = path.join(drafted, 'about/company.md');
    fs.writeFileSync(company, fs.readFileSync(company, 'utf8').replace('---\n', '---\ndraft: true\n'));
    const ogOf = (...args: string[]) => run('og', '--content', drafted, '--cache', path.join(work, 'draft-cache'), ...args);
    const without = ogOf('--only', '/about/company');
    expect(without.status).toBe(2);
    expect(without.stderr).toContain('The page /about/company is a draft: add --drafts to draw its image.');
    const withDrafts = ogOf('--only', '/about/company', '--drafts');
    expect(withDrafts.status, withDrafts.stderr).toBe(0);
    expect(withDrafts.stdout).toMatch(/✔ Social images: 1 drawn, 0 reused/);
  });
});

/** Every file under a folder with its bytes, to compare two states of it. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files[path.relative(dir, file)] = fs.readFileSync(file, 'base64');
    }
  }
  return files;
}
