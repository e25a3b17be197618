import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasBrowser } from './browser.ts';
import { startDevServer, stopDevServer } from './global-setup.ts';
import { openPage, useBrowser } from './helpers.ts';

/** A template that starts throwing while a page is open in `site serve`: the overlay names the component's line and shows it. */
describe.skipIf(!hasBrowser)('site serve, a template that throws', () => {
  const browser = useBrowser();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-serve-throw-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("shows the component's file, line and column, a few lines of its source and the page, over the open page", async () => {
    fs.cpSync('tests/fixtures/throwing-template', root, { recursive: true });
    const file = path.join(root, 'templates/Post.tsx');
    const throwing = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, throwing.replace('tags!.join', '(tags ?? []).join'));
    const server = await startDevServer(['serve', '--port', '0', '--root', root]);
    try {
      const { page, context } = await openPage(browser(), `${server.url}/`);
      fs.writeFileSync(file, throwing);
      const overlay = page.locator('#site-build-error');
      await overlay.waitFor({ state: 'visible', timeout: 60_000 });
      const text = await overlay.innerText();
      const lines = throwing.split('\n');
      const line = lines.findIndex((l) => l.includes('tags!.join')) + 1;
      const column = lines[line - 1]!.indexOf('tags!.join') + 'tags!.'.length + 1;
      expect(text).toContain(
        `templates/Post.tsx:${line}:${column} (page /)  The template "post" threw: Cannot read properties of undefined (reading 'join')`,
      );
      expect(text).toContain(`> ${line} | ${lines[line - 1]}`);
      expect(text).toMatch(new RegExp(`\\|\\s{${column}}\\^`));
      expect(text).toContain(`${line - 1} | ${lines[line - 2]}`);
      await context.close();
    } finally {
      await stopDevServer(server.child);
    }
  }, 120_000);
});
