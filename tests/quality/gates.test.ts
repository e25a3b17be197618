import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAxeGate } from '../../scripts/check/axe.ts';
import type { Finding, Gate } from '../../scripts/check/gate.ts';
import { htmlValidateGate } from '../../scripts/check/html-validate.ts';
import { nuHtmlCheckerGate } from '../../scripts/check/nu-html-checker.ts';
import { listPages, pageFile } from '../../scripts/check/pages.ts';
import { structuredDataGate } from '../../scripts/check/structured-data.ts';
import { hasBrowser } from '../e2e/browser.ts';
import { serveStatic } from '../e2e/static-server.ts';

/**
 * Each gate can fail: the small fixture site passes every gate, then a copy with a missing alt
 * text, a duplicate id, a colour below contrast, broken JSON-LD and a broken feed fails each gate
 * that judges such a thing, with the page, the rule and a fix in the finding.
 */

const hasJava = spawnSync(process.env.JAVA ?? 'java', ['-version']).status === 0;
if (!hasBrowser || !hasJava) {
  const message = `The quality-gate tests need Chromium (${hasBrowser ? 'found' : 'missing'}) and Java (${hasJava ? 'found' : 'missing'}); .ci/run installs both (Debian: apt-get install chromium default-jre-headless).`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`\n⚠ ${message} The gates that need them are skipped.\n`);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-quality-'));
const clean = path.join(work, 'clean');
const broken = path.join(work, 'broken');

/** The three pages that get one defect each, so a finding naming the wrong page fails the test. */
const MISSING_ALT = '/about/company';
const DUPLICATE_ID = '/contact';
const LOW_CONTRAST = '/privacy-policy';
const BROKEN_JSON_LD = '/services';

function inject(dist: string, page: string, edit: (html: string) => string): void {
  const file = pageFile(dist, page);
  const before = fs.readFileSync(file, 'utf8');
  const after = edit(before);
  if (after === before) throw new Error(`the injection into ${page} changed nothing`);
  fs.writeFileSync(file, after);
}

const intoMain = (markup: string) => (html: string) => html.replace(/<main\b[^>]*>/, (open) => `${open}${markup}`);

beforeAll(() => {
  const built = spawnSync(
    path.resolve('bin/site'),
    ['build', '--out', clean, '--content', path.resolve('tests/fixtures/small-site/content')],
    { encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`site build failed:\n${built.stdout}${built.stderr}`);
  fs.cpSync(clean, broken, { recursive: true });
  inject(broken, MISSING_ALT, intoMain('<img src="/images/logo.svg" width="36" height="36">'));
  inject(broken, DUPLICATE_ID, intoMain('<p id="twice">One</p><p id="twice">Two</p>'));
  inject(broken, LOW_CONTRAST, intoMain('<p class="faint">Pale grey words on white</p>'));
  // A same-origin stylesheet, since the site's Content-Security-Policy ignores inline styles.
  fs.writeFileSync(path.join(broken, 'faint.css'), '.faint { color: #bbbbbb; background: #ffffff; }\n');
  inject(broken, LOW_CONTRAST, (html) => html.replace('</head>', '<link rel="stylesheet" href="/faint.css"></head>'));
  inject(broken, BROKEN_JSON_LD, (html) => html.replace('<script type="application/ld+json">{', '<script type="application/ld+json">{,'));
  const feed = path.join(broken, 'blogs/rss.xml');
  fs.writeFileSync(feed, fs.readFileSync(feed, 'utf8').replace('</channel>', '<item><title>Fish & chips</title></item></channel>'));
}, 120_000);

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Runs one gate over a built folder, served as the runner serves it. */
async function runGate(gate: Gate, dist: string, only?: string[]): Promise<Finding[]> {
  const server = await serveStatic(dist);
  try {
    const pages = only ?? (await listPages(dist));
    return (await gate.run({ distDir: dist, baseUrl: server.url, pages })).findings;
  } finally {
    await server.close();
  }
}

const brief = (findings: Finding[]) => findings.map((finding) => `${finding.page} ${finding.rule}`);
const find = (findings: Finding[], page: string, rule: string) =>
  findings.find((finding) => finding.page === page && finding.rule === rule);

describe.skipIf(!hasJava)('the Nu Html Checker gate', () => {
  it('passes the fixture site and fails the broken copy on the missing alt text and the duplicate id', async () => {
    expect(brief(await runGate(nuHtmlCheckerGate, clean))).toEqual([]);
    const findings = await runGate(nuHtmlCheckerGate, broken);
    const alt = find(findings, MISSING_ALT, 'img-alt');
    const duplicate = find(findings, DUPLICATE_ID, 'duplicate-id');
    expect(alt?.message).toMatch(/alt/);
    expect(alt?.fix).toMatch(/alt=""/);
    expect(duplicate?.message).toMatch(/Duplicate ID “twice”/);
    expect(duplicate?.fix).toMatch(/unique/);
    expect(
      findings.every((finding) => [MISSING_ALT, DUPLICATE_ID].includes(finding.page)),
      brief(findings).join('\n'),
    ).toBe(true);
  }, 120_000);
});

describe('the html-validate gate', () => {
  it('passes the fixture site and fails the broken copy on the missing alt text and the duplicate id', async () => {
    expect(brief(await runGate(htmlValidateGate, clean))).toEqual([]);
    const findings = await runGate(htmlValidateGate, broken);
    expect(find(findings, MISSING_ALT, 'wcag/h37')?.message).toMatch(/alt/);
    const duplicate = find(findings, DUPLICATE_ID, 'no-dup-id');
    expect(duplicate?.message).toMatch(/"twice"/);
    expect(duplicate?.fix).toMatch(/html-validate\.org\/rules\/no-dup-id/);
    expect(duplicate?.fix.length).toBeGreaterThan(60);
  });
});

describe('the structured-data gate', () => {
  it('passes the fixture site and fails on a JSON-LD block that is not JSON and a feed that is not XML', async () => {
    expect(brief(await runGate(structuredDataGate, clean))).toEqual([]);
    const findings = await runGate(structuredDataGate, broken);
    expect(brief(findings)).toEqual([`${BROKEN_JSON_LD} json-ld-syntax`, '/blogs/rss.xml xml-syntax']);
    expect(find(findings, BROKEN_JSON_LD, 'json-ld-syntax')?.message).toMatch(/JSON-LD block at line \d+ is not valid JSON/);
    expect(find(findings, '/blogs/rss.xml', 'xml-syntax')?.message).toMatch(/line \d+, column \d+/);
  });
});

describe.skipIf(!hasBrowser)('the axe gate', () => {
  // Four pages, two widths and two states each: enough to prove the gate without checking the whole fixture twice.
  const pages = ['/', MISSING_ALT, DUPLICATE_ID, LOW_CONTRAST];

  it('passes the fixture pages and fails the broken copy on the missing alt text and the low contrast', async () => {
    // Two of the gate's four widths (narrowest and a desktop one) prove it, in half the time.
    const gate = createAxeGate({ widths: [390, 1440] });
    expect(brief(await runGate(gate, clean, pages))).toEqual([]);
    const findings = await runGate(gate, broken, pages);
    const alt = findings.filter((finding) => finding.page === MISSING_ALT && finding.rule === 'image-alt');
    const contrast = findings.filter((finding) => finding.page === LOW_CONTRAST && finding.rule === 'color-contrast');
    // Seen at both widths; each finding says which width and state it was seen in.
    expect(alt.map((finding) => finding.message.match(/\d+ px/)?.[0]).sort()).toEqual(['1440 px', '390 px']);
    expect(contrast.map((finding) => finding.message.match(/\d+ px/)?.[0]).sort()).toEqual(['1440 px', '390 px']);
    expect(alt[0]!.message).toMatch(/Images must have alternative text.*cookie banner open, menus closed/);
    expect(alt[0]!.fix).toMatch(/alt attribute/);
    expect(contrast[0]!.message).toMatch(/\.faint/);
    expect(contrast[0]!.fix).toMatch(
      /insufficient color contrast of 1\.\d+ \(foreground color: #bbbbbb, background color: #ffffff.*Expected contrast ratio of 4\.5:1/,
    );
    expect(
      findings.every((finding) => [MISSING_ALT, LOW_CONTRAST].includes(finding.page)),
      brief(findings).join('\n'),
    ).toBe(true);
  }, 180_000);
});

describe('npm run check', () => {
  const check = (...args: string[]) => spawnSync(process.execPath, ['scripts/check.ts', ...args], { encoding: 'utf8' });

  it('prints page, rule, message and fix for each finding and exits 1; exits 0 on a clean site; 2 on a usage error', () => {
    const failed = check('--dist', broken, '--gate', 'html-validate,structured-data');
    expect(failed.status, failed.stderr).toBe(1);
    expect(failed.stdout).toMatch(
      new RegExp(`^${DUPLICATE_ID}  no-dup-id: Duplicate ID "twice" at line \\d+, column \\d+.*\\n  fix: .+`, 'm'),
    );
    expect(failed.stdout).toMatch(/✖ html-validate: \d+ findings? on \d+ pages?/);
    expect(failed.stdout).toMatch(/Quality gates failed/);
    expect(failed.stdout.trim().split('\n').at(-1)).toBe('gates: 0 passed, 2 failed');

    const passed = check('--dist', clean, '--gate', 'html-validate', '--pages', '/,/about/**');
    expect(passed.status, passed.stdout + passed.stderr).toBe(0);
    expect(passed.stdout).toMatch(/✔ html-validate: no findings on \d+ pages/);
    expect(passed.stdout.trim().split('\n').at(-1)).toBe('gates: 1 passed, 0 failed');

    const usage = check('--dist', clean, '--gate', 'no-such-gate');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/Unknown gate "no-such-gate": expected one of .*axe/);
  }, 180_000);
});
