import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersForPath, parseHeadersFile, type HeaderRule } from '../../src/security/headers-file.ts';
import { hasBrowser, launchChromium } from './browser.ts';
import { waitReady } from './helpers.ts';
import { serveStatic } from './static-server.ts';

const MEASUREMENT_ID = 'G-TEST12345';
/**
 * Pages are opened under a real-looking host name, so gtag.js's cookies go on a parent domain as
 * they do in production. Its requests are passed to the static server with the headers the build's
 * `_headers` file gives them, so the Content-Security-Policy is enforced as a host would send it.
 */
const SITE_HOST = 'www.kestrel.test';
const PARENT_DOMAIN = 'kestrel.test';
const ANALYTICS_HOST = /(^|\.)(googletagmanager\.com|google-analytics\.com|analytics\.google\.com|doubleclick\.net|google\.com)$/;
const ANALYTICS_TEXT = /gtag|googletagmanager|google-analytics|dataLayer|ga-measurement-id/;

/**
 * A stand-in for gtag.js, served for https://www.googletagmanager.com/gtag/js. Like the real tag it
 * works through the commands queued in `dataLayer` and then every later push; honours consent mode's
 * analytics_storage and Google's `ga-disable-<id>` switch; sets `_ga` and `_ga_<id>` on the widest
 * domain that takes a cookie ("auto"); and sends each page view to /g/collect. It records the
 * commands it saw, and whether each was an `arguments` object, the only form gtag.js accepts.
 */
const FAKE_GTAG_JS = `(() => {
  const log = (window.__fakeTag = { commands: [], onlyArguments: true });
  const consent = {};
  let id;
  const cookieDomain = () => {
    const labels = location.hostname.split('.');
    for (let i = labels.length - 2; i >= 0; i--) {
      const domain = labels.slice(i).join('.');
      document.cookie = '_ga_probe=1; path=/; domain=' + domain;
      if (document.cookie.includes('_ga_probe=1')) {
        document.cookie = '_ga_probe=; path=/; max-age=0; domain=' + domain;
        return domain;
      }
    }
    return location.hostname;
  };
  const hit = (name, params) => {
    if (!id || window['ga-disable-' + id] || consent.analytics_storage !== 'granted') return;
    const domain = cookieDomain();
    document.cookie = '_ga=GA1.1.1234567890.1700000000; path=/; max-age=63072000; domain=' + domain;
    document.cookie = '_ga_' + id.slice(2) + '=GS1.1.1700000000.1.0.1700000000.0.0.0; path=/; max-age=63072000; domain=' + domain;
    const query = new URLSearchParams({ v: '2', tid: id, en: name, dl: (params && params.page_location) || location.href });
    fetch('https://region1.google-analytics.com/g/collect?' + query, { method: 'POST', mode: 'no-cors', keepalive: true });
  };
  const handle = (item) => {
    if (Object.prototype.toString.call(item) !== '[object Arguments]') { log.onlyArguments = false; return; }
    const [command, a, b] = item;
    log.commands.push(JSON.parse(JSON.stringify(Array.from(item))));
    if (command === 'consent') Object.assign(consent, b);
    if (command === 'config') { id = a; if (!b || b.send_page_view !== false) hit('page_view', b); }
    if (command === 'event') hit(a, b);
  };
  const queue = (window.dataLayer = window.dataLayer || []);
  queue.forEach(handle);
  const push = queue.push.bind(queue);
  queue.push = (...items) => { items.forEach(handle); return push(...items); };
})();`;

interface Visit {
  page: Page;
  /** Content-Security-Policy violations the page reported, as "directive blocked-uri". */
  violations: () => Promise<string[]>;
  context: BrowserContext;
  /** Every request the page made to an analytics host (all answered locally). */
  requests: Request[];
  /** Requests that went neither to the site nor to an analytics host (aborted). */
  strays: string[];
  errors: string[];
}

type Command = [string, ...unknown[]];

const run = promisify(execFile);
const tagRequests = (visit: Visit) => visit.requests.filter((request) => new URL(request.url()).pathname === '/gtag/js');
const hits = (visit: Visit) =>
  visit.requests
    .filter((request) => new URL(request.url()).pathname === '/g/collect')
    .map((request) => new URL(request.url()).searchParams);
/** The gtag commands queued so far, as plain arrays (dates become strings). */
const queued = (page: Page) =>
  page.evaluate(
    () => (window.dataLayer ?? []).map((item) => JSON.parse(JSON.stringify(Array.from(item as ArrayLike<unknown>)))) as Command[],
  );
const analyticsCookies = async (visit: Visit) =>
  (await visit.context.cookies()).filter((cookie) => cookie.name === '_ga' || cookie.name.startsWith('_ga_'));
const banner = (page: Page) => page.locator('section.cookie-banner');
const isConsent = (command: Command, kind: 'default' | 'update') => command[0] === 'consent' && command[1] === kind;

/** Builds the real site with the CLI into `out`; SITE_GA_ID is `gaId` (`none`: no analytics). */
async function buildSite(out: string, gaId: string): Promise<void> {
  await run(path.resolve('bin/site'), ['build', '--out', out], { env: { ...process.env, SITE_GA_ID: gaId } });
}

/** Every text file of a build (the `_headers` file with its CSP included) whose contents mention analytics, by path. */
function filesMentioningAnalytics(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(html|js|css|json|xml|txt)$|^_headers$/.test(file))
    .filter((file) => ANALYTICS_TEXT.test(fs.readFileSync(path.join(dir, file), 'utf8')));
}

describe.skipIf(!hasBrowser)('consent-first Google Analytics 4 (site build with a measurement id)', () => {
  let work: string;
  let base: string;
  let origin: string;
  let headerRules: HeaderRule[];
  let browser: Browser;
  let closeServer: () => Promise<void>;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-analytics-'));
    await Promise.all([buildSite(path.join(work, 'with-id'), MEASUREMENT_ID), buildSite(path.join(work, 'without-id'), 'none')]);
    const server = await serveStatic(path.join(work, 'with-id'));
    closeServer = server.close;
    origin = server.url;
    base = `http://${SITE_HOST}:${new URL(server.url).port}`;
    headerRules = parseHeadersFile(fs.readFileSync(path.join(work, 'with-id', '_headers'), 'utf8'));
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await closeServer?.();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  /** A fresh visitor (optionally with a stored choice) whose analytics requests are answered locally and recorded. */
  async function visit(pathname: string, stored: 'granted' | 'denied' | null, rules = headerRules): Promise<Visit> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    if (stored)
      await context.addInitScript((value) => localStorage.getItem('ga_consent_v2') ?? localStorage.setItem('ga_consent_v2', value), stored);
    await context.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __violations: string[] }).__violations = []);
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
    });
    const requests: Request[] = [];
    const strays: string[] = [];
    await context.route(
      () => true,
      async (route) => {
        const url = new URL(route.request().url());
        if (url.hostname === SITE_HOST) {
          const response = await route.fetch({ url: `${origin}${url.pathname}${url.search}` });
          const headers: Record<string, string> = { ...response.headers(), ...Object.fromEntries(headersForPath(rules, url.pathname)) };
          return route.fulfill({ response, headers });
        }
        if (!ANALYTICS_HOST.test(url.hostname)) {
          strays.push(url.href);
          return route.abort();
        }
        requests.push(route.request());
        if (url.hostname === 'www.googletagmanager.com' && url.pathname === '/gtag/js') {
          return route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_GTAG_JS });
        }
        return route.fulfill({ status: 204 });
      },
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${base}${pathname}`);
    await waitReady(page);
    const violations = () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
    return { page, violations, context, requests, strays, errors };
  }

  /** Waits until the page has nothing in flight, so "no request" means none was made, not none yet. */
  const settle = (page: Page) => page.waitForLoadState('networkidle');
  const tagRan = (page: Page) => page.waitForFunction(() => '__fakeTag' in window);
  const hitCount = (visit: Visit, count: number) => expect.poll(() => hits(visit).length).toBe(count);

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => {})));
  });

  it('before a choice: consent defaults are queued first, nothing is requested from an analytics host, no _ga cookie', async () => {
    const v = await visit('/', null);
    await banner(v.page).waitFor({ state: 'visible' });
    await settle(v.page);
    const commands = await queued(v.page);
    expect(commands[0]).toEqual([
      'consent',
      'default',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' },
    ]);
    expect(commands.map((command) => command[0])).not.toContain('config');
    expect(commands.map((command) => command[0])).not.toContain('js');
    expect(v.requests.map((request) => request.url())).toEqual([]);
    expect(await v.page.locator('script[src*="googletagmanager"]').count()).toBe(0);
    expect(await analyticsCookies(v)).toEqual([]);
    expect(v.strays).toEqual([]);
    expect(v.errors).toEqual([]);
    expect(await v.violations()).toEqual([]);
  });

  it('Accept: consent is updated for analytics only, then the tag loads and config sends the page view', async () => {
    const v = await visit('/about/company', null);
    expect(tagRequests(v)).toEqual([]);
    await banner(v.page).locator('button', { hasText: 'Accept' }).click();
    await tagRan(v.page);
    expect(tagRequests(v).map((request) => request.url())).toEqual([`https://www.googletagmanager.com/gtag/js?id=${MEASUREMENT_ID}`]);
    const { commands, onlyArguments } = await v.page.evaluate(
      () => (window as unknown as { __fakeTag: { commands: Command[]; onlyArguments: boolean } }).__fakeTag,
    );
    expect(onlyArguments).toBe(true);
    const update = commands.findIndex((command) => isConsent(command, 'update'));
    const config = commands.findIndex((command) => command[0] === 'config');
    expect(commands[0]![1]).toBe('default');
    expect(commands[update]).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
    expect(update).toBeLessThan(config);
    expect(commands.some((command) => command[0] === 'js')).toBe(true);
    expect(commands[config]!.slice(0, 2)).toEqual(['config', MEASUREMENT_ID]);
    await hitCount(v, 1);
    expect(hits(v)[0]!.get('en')).toBe('page_view');
    // The build's Content-Security-Policy admits the tag and its measurements, and nothing was refused.
    expect(await v.violations()).toEqual([]);
    expect((await analyticsCookies(v)).map((cookie) => [cookie.name, cookie.domain]).sort()).toEqual([
      ['_ga', `.${PARENT_DOMAIN}`],
      [`_ga_${MEASUREMENT_ID.slice(2)}`, `.${PARENT_DOMAIN}`],
    ]);
    expect(v.errors).toEqual([]);
  });

  it('a later visit after Accept loads the tag at start, without the banner', async () => {
    const v = await visit('/', 'granted');
    await tagRan(v.page);
    expect(await banner(v.page).isVisible()).toBe(false);
    expect(tagRequests(v)).toHaveLength(1);
    await hitCount(v, 1);
    const commands = await queued(v.page);
    expect(isConsent(commands[0]!, 'default')).toBe(true);
    expect(commands.filter((command) => command[0] === 'config')).toHaveLength(1);
  });

  it('client-side navigations send a page view each while consent is granted', async () => {
    const v = await visit('/', 'granted');
    await hitCount(v, 1);
    await v.page.locator('.footer-nav a', { hasText: 'Team' }).click();
    await v.page.waitForURL(`${base}/about/team`);
    await hitCount(v, 2);
    expect(hits(v)[1]!.get('en')).toBe('page_view');
    expect(hits(v)[1]!.get('dl')).toBe(`${base}/about/team`);
    const views = (await queued(v.page)).filter((command) => command[0] === 'event' && command[1] === 'page_view');
    expect(views).toEqual([
      ['event', 'page_view', { page_location: `${base}/about/team`, page_title: await v.page.title(), page_referrer: `${base}/` }],
    ]);
    // Still the same document: the tag was loaded once.
    expect(tagRequests(v)).toHaveLength(1);
  });

  it('Decline: nothing is loaded and no cookie is set, now, after a navigation, and after a reload', async () => {
    const v = await visit('/', null);
    await banner(v.page).locator('button', { hasText: 'Decline' }).click();
    await banner(v.page).waitFor({ state: 'hidden' });
    await v.page.locator('.footer-nav a', { hasText: 'Services' }).click();
    await v.page.waitForURL(`${base}/services`);
    await settle(v.page);
    await v.page.reload();
    await waitReady(v.page);
    await settle(v.page);
    expect(await v.page.evaluate(() => localStorage.getItem('ga_consent_v2'))).toBe('denied');
    expect(v.requests.map((request) => request.url())).toEqual([]);
    expect(await analyticsCookies(v)).toEqual([]);
    const commands = await queued(v.page);
    expect(commands.filter((command) => ['config', 'js', 'event'].includes(command[0]))).toEqual([]);
    expect(commands.filter((command) => isConsent(command, 'update'))).toEqual([]);
  });

  it('granted → denied through "Privacy & Cookies": consent is withdrawn, the tag is switched off, its cookies go, and a reload leaves it unloaded', async () => {
    const v = await visit('/', 'granted');
    await hitCount(v, 1);
    expect(await analyticsCookies(v)).toHaveLength(2);
    await v.page.locator('.footer-nav a', { hasText: 'Privacy & Cookies' }).click();
    await banner(v.page).locator('button', { hasText: 'Decline' }).click();
    await banner(v.page).waitFor({ state: 'hidden' });
    const commands = await queued(v.page);
    expect(commands.at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }]);
    expect(await v.page.evaluate((id) => (window as unknown as Record<string, unknown>)[`ga-disable-${id}`], MEASUREMENT_ID)).toBe(true);
    expect(await analyticsCookies(v)).toEqual([]);
    // Navigating on: no page view is queued and nothing reaches Google.
    await v.page.locator('.footer-nav a', { hasText: 'Team' }).click();
    await v.page.waitForURL(`${base}/about/team`);
    await settle(v.page);
    expect((await queued(v.page)).length).toBe(commands.length);
    expect(hits(v)).toHaveLength(1);
    await v.page.reload();
    await waitReady(v.page);
    await settle(v.page);
    expect(tagRequests(v)).toHaveLength(1);
    expect(await v.page.locator('script[src*="googletagmanager"]').count()).toBe(0);
    expect(await analyticsCookies(v)).toEqual([]);
  });

  it('denied → granted through "Privacy & Cookies": the tag loads and measures from then on', async () => {
    const v = await visit('/', 'denied');
    await settle(v.page);
    expect(v.requests).toEqual([]);
    await v.page.locator('.footer-nav a', { hasText: 'Privacy & Cookies' }).click();
    await banner(v.page).locator('button', { hasText: 'Accept' }).click();
    await tagRan(v.page);
    expect(tagRequests(v)).toHaveLength(1);
    await hitCount(v, 1);
    expect(await analyticsCookies(v)).toHaveLength(2);
    expect(await v.page.evaluate(() => localStorage.getItem('ga_consent_v2'))).toBe('granted');
  });

  it('withdrawing and granting again in the same page resumes measurement with a page view', async () => {
    const v = await visit('/', 'granted');
    await hitCount(v, 1);
    for (const choice of ['Decline', 'Accept']) {
      await v.page.locator('.footer-nav a', { hasText: 'Privacy & Cookies' }).click();
      await banner(v.page).locator('button', { hasText: choice }).click();
    }
    await hitCount(v, 2);
    expect(tagRequests(v)).toHaveLength(1);
    expect(await analyticsCookies(v)).toHaveLength(2);
  });

  it('a choice changed in another tab applies to this one', async () => {
    const v = await visit('/', 'granted');
    await hitCount(v, 1);
    const other = await v.context.newPage();
    await other.goto(`${base}/about/company`);
    await waitReady(other);
    await other.locator('.footer-nav a', { hasText: 'Privacy & Cookies' }).click();
    await banner(other).locator('button', { hasText: 'Decline' }).click();
    await expect.poll(async () => (await queued(v.page)).at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }]);
    expect(await v.page.evaluate((id) => (window as unknown as Record<string, unknown>)[`ga-disable-${id}`], MEASUREMENT_ID)).toBe(true);
  });

  it("under the policy of a build without an id, the browser would refuse Google's tag (so the check above can fail)", async () => {
    const strict = parseHeadersFile(fs.readFileSync(path.join(work, 'without-id', '_headers'), 'utf8'));
    const v = await visit('/', null, strict);
    await banner(v.page).locator('button', { hasText: 'Accept' }).click();
    await expect.poll(() => v.violations()).toContain(`script-src-elem https://www.googletagmanager.com/gtag/js?id=${MEASUREMENT_ID}`);
  });

  it('a build without a measurement id ships no analytics code at all (and the scan does find it in a build with one)', () => {
    expect(filesMentioningAnalytics(path.join(work, 'without-id'))).toEqual([]);
    const withId = filesMentioningAnalytics(path.join(work, 'with-id'));
    expect(withId).toContain('index.html');
    expect(withId.some((file) => /^assets\/.*\.js$/.test(file))).toBe(true);
  });
});
