import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { launchChromium } from '../../tests/e2e/browser.ts';
import type { Finding, Gate, GateContext, GateResult } from './gate.ts';
import { mapLimit } from './pool.ts';
import { layOutSkippedBlocks } from './skipped-blocks.ts';
import { plural } from './report.ts';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the rules of issue 6. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A phone, a small laptop, a desktop and a wide screen: the widths issue 28 asks every page to pass at. */
export const AXE_WIDTHS = [390, 1024, 1440, 1920];

export interface AxeGateOptions {
  widths?: number[];
  /** Pages checked at once in the one browser; two suit a 2-core machine. */
  concurrency?: number;
}

/** What one axe run reports about one rule, trimmed to what a finding needs. */
export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: string; failureSummary: string }>;
}

/** The two states of issue 6: what a first visit sees, and a returning visitor using the menu. */
const FRESH_VISIT = 'cookie banner open, menus closed';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core in Chromium on every page, at each width, with the banner open and then a header menu open. */
export function createAxeGate(options: AxeGateOptions = {}): Gate {
  const { widths = AXE_WIDTHS, concurrency = 2 } = options;
  return {
    name: 'axe',
    async run(ctx: GateContext): Promise<GateResult> {
      const started = performance.now();
      const browser = await launchChromium();
      const jobs = ctx.pages.flatMap((page, index) => widths.map((width) => ({ page, index, width })));
      // One tab per lane, reused from page to page: a new context would start a new renderer each time.
      // Reduced motion makes menus and the banner appear at once, so no run sees a half-faded colour.
      const tabs: Array<Promise<Page> | undefined> = [];
      const tab = (lane: number) => (tabs[lane] ??= browser.newContext({ reducedMotion: 'reduce' }).then((context) => context.newPage()));
      try {
        const perJob = await mapLimit(jobs, concurrency, async (job, _index, lane) => {
          const page = await tab(lane);
          const checked = await checkPage(page, ctx.baseUrl, job.page, job.index, job.width);
          // A page left in a bad state (crashed, stuck) is replaced rather than reused.
          if (checked.findings.some((finding) => finding.rule === 'page-state')) {
            tabs[lane] = undefined;
            await page.context().close();
          }
          return checked;
        });
        const findings = perJob.flatMap((checked) => checked.findings);
        const setAside = perJob.reduce((sum, checked) => sum + checked.underMenu, 0);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        const summary = [
          `${jobs.length * 2} axe runs (${plural(ctx.pages.length, 'page')} × ${plural(widths.length, 'width')} × 2 states) in ${seconds} s; rules: ${WCAG_TAGS.join(', ')}`,
        ];
        if (setAside > 0) summary.push(`${plural(setAside, 'target')} under an open menu left to the menus-closed runs for target-size`);
        return { findings, summary };
      } finally {
        await browser.close();
      }
    },
  };
}

/** Both states of one page at one width. A page that cannot be put in a state is a finding too. */
async function checkPage(
  page: Page,
  baseUrl: string,
  path: string,
  index: number,
  width: number,
): Promise<{ findings: Finding[]; underMenu: number }> {
  const findings: Finding[] = [];
  let underMenu = 0;
  const where = (state: string) => `${width} px, ${state}`;
  let state = FRESH_VISIT;
  try {
    await page.setViewportSize({ width, height: 900 });
    // A first visit: nothing stored from the page checked before (the consent choice above all).
    await page.context().clearCookies();
    if (page.url().startsWith(baseUrl)) await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
    await page.goto(baseUrl + path);
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'), null, { timeout: 15_000 });
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.waitFor({ state: 'visible', timeout: 5_000 });
    const fresh = (await runAxe(page)).violations;

    state = 'cookie banner closed, opening a header menu';
    await banner.getByRole('button', { name: 'Decline' }).click();
    await banner.waitFor({ state: 'hidden', timeout: 5_000 });
    const menu = await openHeaderMenu(page, index);
    state = `cookie banner closed, ${menu.label}`;
    const withMenu = await runAxe(page, menu.overlays);
    const menuOpen = withMenu.violations;
    underMenu = withMenu.underOverlay;

    findings.push(
      ...mergeStates(path, width, [
        [FRESH_VISIT, fresh],
        [state, menuOpen],
      ]),
    );
  } catch (error) {
    findings.push({
      page: path,
      rule: 'page-state',
      message: `could not check at ${where(state)}: ${(error as Error).message.split('\n')[0]}`,
      fix: 'Open the page in a browser at this width: it must finish hydrating (html[data-ready]), show the cookie banner on a first visit, and open its header menus.',
    });
  }
  return { findings, underMenu };
}

/**
 * Opens a header menu the way a visitor would and names it. On a phone that is the menu button
 * and then one dropdown inside it; on a desktop, one dropdown. The dropdown is the one the page
 * belongs to, or else one chosen by the page's position, so every dropdown is seen across the site.
 */
async function openHeaderMenu(page: Page, index: number): Promise<{ label: string; overlays: string[] }> {
  const header = page.locator('header');
  const opened: string[] = [];
  const overlays: string[] = [];
  const toggle = header.locator('button[aria-controls="site-nav"]');
  if (await toggle.isVisible()) {
    await toggle.click();
    await header.locator('#site-nav').waitFor({ state: 'visible' });
    opened.push('mobile menu');
    overlays.push('#site-nav');
  }
  const triggers = header.locator('nav button[aria-expanded][aria-controls]');
  const count = await triggers.count();
  if (count > 0) {
    const active = header.locator('nav button[aria-expanded][data-active]');
    const trigger = (await active.count()) > 0 ? active.first() : triggers.nth(index % count);
    await trigger.click();
    await page.waitForFunction((element) => element?.getAttribute('aria-expanded') === 'true', await trigger.elementHandle(), {
      timeout: 5_000,
    });
    const panelSelector = `[id="${await trigger.getAttribute('aria-controls')}"]`;
    await header.locator(panelSelector).waitFor({ state: 'visible' });
    opened.push(`"${(await trigger.innerText()).trim()}" dropdown`);
    overlays.push(panelSelector);
  }
  return { label: `${opened.join(' and ') || 'no menu'} open`, overlays };
}

/**
 * Runs axe-core in the page, injecting it first when needed (evaluated code is not subject to the
 * page's CSP). `overlays` are menus the visitor has opened: a target they partly cover cannot be
 * used until the menu closes, so target-size judges it in the menus-closed run instead (the same
 * reasoning WCAG 2.4.11 writes down for content the user opened), and it is counted, not reported.
 */
async function runAxe(page: Page, overlays: string[] = []): Promise<{ violations: Violation[]; underOverlay: number }> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  await layOutSkippedBlocks(page);
  const options: RunOptions = { runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'] };
  // No named helpers inside: tsx compiles them with a __name() call that does not exist in the page.
  return page.evaluate(
    async ({ runOptions, overlaySelectors }) => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<AxeResults> } }).axe;
      const results = await axe.run(document, runOptions);
      const covers: DOMRect[] = [];
      for (const selector of overlaySelectors) {
        const overlay = document.querySelector(selector);
        if (overlay) covers.push(overlay.getBoundingClientRect());
      }
      let underOverlay = 0;
      const violations: Violation[] = [];
      for (const violation of results.violations) {
        const nodes: Violation['nodes'] = [];
        for (const node of violation.nodes) {
          const only = node.target.length === 1 && typeof node.target[0] === 'string' ? node.target[0] : null;
          const element = violation.id === 'target-size' && only ? document.querySelector(only) : null;
          const box = element && !overlaySelectors.some((selector) => element.closest(selector)) ? element.getBoundingClientRect() : null;
          if (
            box &&
            covers.some((cover) => box.left < cover.right && box.right > cover.left && box.top < cover.bottom && box.bottom > cover.top)
          )
            underOverlay++;
          else nodes.push({ target: node.target.join(' '), failureSummary: node.failureSummary ?? '' });
        }
        if (nodes.length > 0)
          violations.push({ id: violation.id, impact: violation.impact ?? null, help: violation.help, helpUrl: violation.helpUrl, nodes });
      }
      return { violations, underOverlay };
    },
    { runOptions: options, overlaySelectors: overlays },
  );
}

/** One finding per rule and set of elements; the same violation seen in both states is reported once. */
export function mergeStates(path: string, width: number, runs: Array<[string, Violation[]]>): Finding[] {
  const merged = new Map<string, { violation: Violation; states: string[] }>();
  for (const [state, violations] of runs) {
    for (const violation of violations) {
      const key = `${violation.id}|${violation.nodes.map((node) => node.target).join(',')}`;
      const seen = merged.get(key);
      if (seen) seen.states.push(state);
      else merged.set(key, { violation, states: [state] });
    }
  }
  return [...merged.values()].map(({ violation, states }) => {
    const targets = violation.nodes.map((node) => node.target);
    const shown = targets.slice(0, 3).join(', ') + (targets.length > 3 ? ` and ${targets.length - 3} more` : '');
    return {
      page: path,
      rule: violation.id,
      message: `${violation.help} (${violation.impact ?? 'unrated'}; ${width} px, ${states.join(' / ')}): ${shown}`,
      fix: `${condense(violation.nodes[0]?.failureSummary ?? '')} See ${violation.helpUrl.replace(/\?.*$/, '')}`.trim(),
    };
  });
}

/** axe's failure summary ("Fix any of the following:\n  Element has …\n  …") on one line, its headings kept. */
export function condense(summary: string): string {
  return summary
    .split(/\n(?=Fix (?:any|all) of the following)/i)
    .map((group) => {
      const [heading = '', ...items] = group.split('\n').map((line) => line.trim());
      const list = items
        .filter(Boolean)
        .map((item) => item.replace(/\.$/, ''))
        .join('; ');
      const sentence = `${list}.`;
      return /^Fix (any|all) of the following:?$/i.test(heading)
        ? `${heading.replace(/:?$/, ':')} ${sentence}`
        : [heading, list].filter(Boolean).join('; ');
    })
    .filter(Boolean)
    .join(' ');
}

export const axeGate = createAxeGate();
