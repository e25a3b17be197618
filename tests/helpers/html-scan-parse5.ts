import { parse } from 'parse5';
import { readPageWithParse5 } from '../../src/render/page-scan.ts';
import type { ScannedPage } from '../../src/render/page-scan.ts';

/**
 * What the runner's scanner (`src/runner/fast-paths/html-scan.ts`) stands in for: a page read
 * from parse5's full parse (`readPageWithParse5`), with parse5 as this module imports it, so that
 * a test mocking parse5 counts its parses.
 */
export function scanHtmlWithParse5(html: string): ScannedPage {
  return readPageWithParse5(html, parse);
}
