import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { headersForPath, parseHeadersFile } from '../../src/security/headers-file.ts';
import { hasBrowser, launchChromium } from './browser.ts';
import { freePort, startCapture, type Captured } from './form-capture.ts';
import { contentOf, waitReady } from './helpers.ts';
import { serveStatic } from './static-server.ts';

const run = promisify(execFile);
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const VISITOR = {
  name: 'Dana Whitfield',
  email: 'dana@harbor-freight.example',
  company: 'Harbor Freight Lines',
  service: 'Big Data Analytics',
  message: 'Our nightly loads into Snowflake take six hours. Can we talk?',
};
/** The fields a visitor fills, as their labels name them. */
const LABELS = {
  name: 'Name',
  email: 'Work e-mail',
  company: 'Company (optional)',
  service: 'What is it about?',
  message: 'Your message',
} as const;

describe.skipIf(!hasBrowser)('the consultation request form (site build with a form endpoint, against a stand-in form service)', () => {
  let work: string;
  let site: string;
  let endpoint: string;
  let capture: Awaited<ReturnType<typeof startCapture>>;
  let closeSite: () => Promise<void>;
  let browser: Browser;
  let headers: Map<string, string>;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-form-'));
    capture = await startCapture();
    endpoint = `${capture.url}/f/test-form`;
    // Built for the origin it is served at, so the service's redirect to `_next` comes back to this server.
    const port = await freePort();
    const dist = path.join(work, 'dist');
    await run(path.resolve('bin/site'), ['build', '--out', dist, '--origin', `http://127.0.0.1:${port}`], {
      env: { ...process.env, SITE_FORM_ENDPOINT: endpoint },
    });
    const served = await serveStatic(dist, port);
    site = served.url;
    closeSite = served.close;
    headers = headersForPath(parseHeadersFile(fs.readFileSync(path.join(dist, '_headers'), 'utf8')), '/contact');
    browser = await launchChromium();
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => {})));
    await browser?.close();
    await closeSite?.();
    await capture?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  beforeEach(() => {
    capture.received.length = 0;
    capture.setMode('accept');
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => {})));
  });

  /** /contact in a fresh context with the consent choice stored; with JavaScript, the form hydrated and its clock past the minimum time. */
  async function open(
    options: { javaScript?: boolean; width?: number; height?: number; wait?: boolean } = {},
  ): Promise<{ page: Page; violations: () => Promise<string[]>; errors: string[] }> {
    const { javaScript = true, width = 1440, height = 900, wait = true } = options;
    const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled: javaScript, reducedMotion: 'reduce' });
    contexts.push(context);
    await context.addInitScript(() => {
      localStorage.setItem('ga_consent_v2', 'denied');
      const seen: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on(
      'console',
      (message) =>
        message.type() === 'error' &&
        !/Failed to load resource|ERR_EMPTY_RESPONSE|ERR_CONNECTION/.test(message.text()) &&
        errors.push(message.text()),
    );
    await page.goto(`${site}/contact`);
    if (javaScript) {
      await waitReady(page);
      await page.locator('[data-island="ConsultationForm"][data-hydrated]').waitFor({ state: 'attached' });
      // The form counts a submission only three seconds after it appeared (templates/lib/consultation.ts).
      if (wait) await page.waitForTimeout(3100);
    }
    return { page, errors, violations: () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations) };
  }

  const field = (page: Page, name: keyof typeof LABELS) => page.getByLabel(LABELS[name], { exact: true });
  async function fill(page: Page, values: Partial<typeof VISITOR> = VISITOR) {
    for (const [name, value] of Object.entries(values) as Array<[keyof typeof LABELS, string]>) {
      if (name === 'service') await field(page, name).selectOption(value);
      else await field(page, name).fill(value);
    }
  }
  const submit = (page: Page) => page.getByRole('button', { name: 'Send request' }).click();
  const expectedFields = () => ({ ...VISITOR, _gotcha: '', _next: `${site}/contact/thanks`, _subject: 'Free consultation request' });

  async function axeViolations(page: Page): Promise<string[]> {
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
    return page.evaluate(async (tags) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (context: unknown, options: unknown) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }>;
          };
        }
      ).axe;
      const results = await axe.run(document, { runOnly: tags });
      return results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`,
      );
    }, WCAG);
  }

  it("the policy admits the service's origin, exactly, for form posts and requests", () => {
    const csp = headers.get('content-security-policy') ?? '';
    const directive = (name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `));
    expect(directive('form-action')).toBe(`form-action 'self' ${capture.url}`);
    expect(directive('connect-src')).toBe(`connect-src 'self' ${capture.url}`);
    expect(directive('script-src')).not.toContain(capture.url);
  });

  it('offers the services of the site, then "Something else", with labels, input types and autocomplete a phone uses', async () => {
    const { page } = await open({ javaScript: false, width: 390 });
    const services = contentOf('services')
      .sort((a, b) => Number(a.data.sort) - Number(b.data.sort))
      .map((service) => String(service.data.title));
    expect(await field(page, 'service').locator('option').allInnerTexts()).toEqual(['Choose a service', ...services, 'Something else']);
    expect(await field(page, 'service').locator('option').first().getAttribute('value')).toBe('');
    expect(await field(page, 'name').getAttribute('autocomplete')).toBe('name');
    expect(await field(page, 'email').getAttribute('type')).toBe('email');
    expect(await field(page, 'email').getAttribute('autocomplete')).toBe('email');
    expect(await field(page, 'company').getAttribute('autocomplete')).toBe('organization');
    const form = page.locator('form.consult-form');
    expect(await form.getAttribute('action')).toBe(endpoint);
    expect(await form.getAttribute('method')).toBe('post');
    expect(await page.locator('.form-notice a').getAttribute('href')).toBe('/privacy-policy');
    // The form comes before the other ways to reach the firm.
    const order = await page.evaluate(() => {
      const form = document.querySelector('form.consult-form')!;
      const card = document.querySelector('.contact-card')!;
      return form.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    expect(order).toBeTruthy();
  });

  it('without JavaScript: posts every field to the service, which redirects to the thank-you page', async () => {
    const { page } = await open({ javaScript: false });
    // The browser's own checks hold an empty form back.
    await submit(page);
    expect(page.url()).toBe(`${site}/contact`);
    await fill(page);
    await Promise.all([page.waitForURL(`${site}/contact/thanks`), submit(page)]);
    expect(capture.received).toHaveLength(1);
    const [post] = capture.received as [Captured];
    expect(post.method).toBe('POST');
    expect(post.path).toBe('/f/test-form');
    expect(post.contentType).toBe('application/x-www-form-urlencoded');
    expect(post.fields).toEqual(expectedFields());
    expect(await page.locator('h1').innerText()).toBe('Thank you: your request is on its way');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
  });

  it('with JavaScript: sends every field with fetch, stays on the page and announces the success', async () => {
    const { page, violations, errors } = await open();
    await fill(page);
    await submit(page);
    const status = page.getByRole('status').filter({ hasText: 'Thank you' });
    await status.waitFor();
    expect(page.url()).toBe(`${site}/contact`);
    expect(capture.received).toHaveLength(1);
    const [post] = capture.received as [Captured];
    expect(post.accept).toBe('application/json');
    expect(post.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(post.origin).toBe(site);
    expect(post.fields).toEqual(expectedFields());
    expect(await page.locator('form.consult-form').isHidden()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.closest('[role="status"]') !== null)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('checks on submit: every message tied to its field, focus on the first problem, nothing sent', async () => {
    // A phone tall enough to show the whole form unscrolled, where no scroll anchoring would keep the button in place.
    const { page } = await open({ width: 390, height: 1800 });
    // Straight from a field to the button: its message must not move the button away from the click.
    await field(page, 'email').fill('dana@harbor');
    expect(await page.evaluate(() => scrollY)).toBe(0);
    await submit(page);
    const expected = {
      name: 'Enter your name.',
      email: 'Enter an e-mail address like name@company.com.',
      service: 'Choose the service your request is about, or “Something else”.',
      message: 'Tell us in a few words what you would like to talk about.',
    };
    for (const [name, message] of Object.entries(expected) as Array<[keyof typeof LABELS, string]>) {
      const input = field(page, name);
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      await expect
        .poll(() =>
          input.evaluate((element) => (element as HTMLInputElement).ariaDescribedByElements?.map((e) => e.textContent).join(' | ')),
        )
        .toContain(message);
    }
    expect(await field(page, 'company').getAttribute('aria-invalid')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('consult-name');
    expect(await axeViolations(page)).toEqual([]);
    await field(page, 'email').fill('');
    await submit(page);
    await expect.poll(() => page.locator('#consult-email-error').textContent()).toBe('Enter your work e-mail address.');
    expect(capture.received).toEqual([]);
  });

  it('checks a field as the visitor leaves it, and clears the message once it is right', async () => {
    const { page } = await open();
    const email = field(page, 'email');
    // Tabbing through an empty field scolds nobody.
    await field(page, 'name').focus();
    await page.keyboard.press('Tab');
    expect(await field(page, 'name').getAttribute('aria-invalid')).toBeNull();
    await email.fill('dana@harbor-freight');
    await email.blur();
    const error = page.locator('#consult-email-error');
    await expect.poll(() => error.textContent()).toBe('Enter an e-mail address like name@company.com.');
    expect(await email.getAttribute('aria-describedby')).toBe('consult-email-error');
    await email.fill('dana@harbor-freight.example');
    await error.waitFor({ state: 'detached' });
    expect(await email.getAttribute('aria-invalid')).toBeNull();
  });

  it('the honeypot: invisible to people and assistive technology, and a filled one is never sent', async () => {
    const { page } = await open();
    const trap = page.locator('input[name="_gotcha"]');
    // Off the screen, not display: none (which scripts that fill forms know to skip).
    const box = await trap.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(0);
    expect(
      await trap.evaluate((element) => element.closest('[aria-hidden="true"]') !== null && (element as HTMLInputElement).tabIndex === -1),
    ).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Leave this field empty' }).count()).toBe(0);
    await fill(page);
    await trap.evaluate((element) => ((element as HTMLInputElement).value = 'https://spam.example'));
    await submit(page);
    await page.getByRole('status').filter({ hasText: 'Thank you' }).waitFor();
    await page.waitForTimeout(300);
    expect(capture.received).toEqual([]);
  });

  it('a submission within three seconds of the form appearing is never sent', async () => {
    // A window too short to show the form, so it hydrates only when the visitor reaches for it.
    const context = await browser.newContext({ viewport: { width: 1440, height: 300 } });
    contexts.push(context);
    await context.addInitScript(() => localStorage.setItem('ga_consent_v2', 'denied'));
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${site}/contact`);
    await waitReady(page);
    expect(await page.locator('[data-island="ConsultationForm"][data-hydrated]').count()).toBe(0);
    // From here the page's clock stands still: however slow the machine, the visitor below fills
    // the form (which hydrates it) and sends it in the instant it appeared. The pause is set 2 s
    // ahead, since pauseAt refuses a time already past (under load, 100 ms had passed once).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2000);
    await fill(page);
    await page.locator('[data-island="ConsultationForm"][data-hydrated]').waitFor({ state: 'attached' });
    await submit(page);
    await page.getByRole('status').filter({ hasText: 'Thank you' }).waitFor();
    await page.waitForTimeout(300);
    expect(capture.received).toEqual([]);
  });

  it.each([
    ['answers 500', 390, 'error'],
    ['drops the connection', 1440, 'drop'],
  ] as const)(
    'when the service %s at %i px: says so, keeps what was typed, offers the e-mail address, and a retry goes through',
    async (_case, width, mode) => {
      capture.setMode(mode);
      const { page } = await open({ width });
      await fill(page);
      await submit(page);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.innerText()).toContain('Your request could not be sent.');
      const mailto = new URL((await alert.getByRole('link').getAttribute('href'))!);
      expect(`${mailto.protocol}${mailto.pathname}`).toBe('mailto:hello@kestrelpoint.example');
      expect(mailto.searchParams.get('body')).toContain(VISITOR.message);
      for (const name of ['name', 'email', 'company', 'message'] as const) expect(await field(page, name).inputValue()).toBe(VISITOR[name]);
      expect(await field(page, 'service').inputValue()).toBe(VISITOR.service);
      // The message, long address and all, stays inside the screen.
      expect(await page.evaluate(() => document.querySelector('.consult-card')!.getBoundingClientRect().right <= innerWidth)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      capture.setMode('accept');
      await submit(page);
      await page.getByRole('status').filter({ hasText: 'Thank you' }).waitFor();
      expect(capture.received).toHaveLength(2);
    },
  );

  it('when the service never answers: shows it is sending, then gives up after 15 s and says so', async () => {
    capture.setMode('hang');
    const { page } = await open();
    await fill(page);
    await submit(page);
    const button = page.getByRole('button', { name: 'Sending…' });
    await button.waitFor();
    expect(await button.getAttribute('aria-disabled')).toBe('true');
    // A second press while sending sends nothing more (dispatched: Playwright waits for an aria-disabled button).
    await button.evaluate((element) => (element as HTMLButtonElement).click());
    await page.waitForTimeout(300);
    expect(capture.received).toHaveLength(1);
    await page.getByRole('alert').waitFor({ timeout: 20_000 });
    expect(capture.received).toHaveLength(1);
    expect(await field(page, 'message').inputValue()).toBe(VISITOR.message);
  });

  it('keyboard only: Tab reaches every field in order (never the honeypot), and Enter sends', async () => {
    const { page } = await open();
    await field(page, 'name').focus();
    const order: string[] = [];
    for (let i = 0; i < 7; i++) {
      order.push(
        await page.evaluate(() => (document.activeElement as HTMLInputElement).name || document.activeElement!.textContent!.trim()),
      );
      await page.keyboard.press('Tab');
    }
    expect(order).toEqual(['name', 'email', 'company', 'service', 'message', 'privacy policy', 'Send request']);
    await field(page, 'name').focus();
    await page.keyboard.type(VISITOR.name);
    await page.keyboard.press('Tab');
    await page.keyboard.type(VISITOR.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(VISITOR.company);
    await page.keyboard.press('Tab');
    // A closed select changes with the arrow keys: the third service is Big Data Analytics.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.type(VISITOR.message);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Thank you' }).waitFor();
    expect(capture.received.map((post) => post.fields)).toEqual([expectedFields()]);
  });

  it('a press of "Send request" before the island has hydrated is not lost: the browser posts the form', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    // The client code never arrives: JavaScript is on, the form never hydrates.
    await context.route(/\/assets\/.*\.js$/, () => {});
    const page = await context.newPage();
    await page.goto(`${site}/contact`);
    await fill(page);
    await Promise.all([page.waitForURL(`${site}/contact/thanks`), submit(page)]);
    expect(capture.received.map((post) => post.fields)).toEqual([expectedFields()]);
  });

  it.each([390, 1024, 1440, 1920])('passes axe (WCAG 2.2 AA) at %i px, empty', async (width) => {
    const { page } = await open({ width, wait: false });
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe.skipIf(!hasBrowser)('the contact page of a build without a form endpoint', () => {
  it('shows no form, only the e-mail address and LinkedIn, and the policy names no form service', () => {
    const html = fs.readFileSync(path.join(inject('distDir'), 'contact', 'index.html'), 'utf8');
    expect(html).not.toContain('<form');
    expect(html).toContain('href="mailto:hello@kestrelpoint.example?subject=Free%20consultation"');
    expect(html).toContain('Kestrel Point on LinkedIn');
    const rules = parseHeadersFile(fs.readFileSync(path.join(inject('distDir'), '_headers'), 'utf8'));
    const csp = headersForPath(rules, '/contact').get('content-security-policy') ?? '';
    expect(csp).toContain("form-action 'self';");
    expect(csp).toContain("connect-src 'self';");
  });
});
