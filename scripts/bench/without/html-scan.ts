// Without the link scanner: parse5's full parse reads each page's ids and links (see `../without.ts`).
// Whether a page may hold inline code, and its inline stylesheets and bootstrap, are still the scan's answer, so this side runs the scan too
// and the build figure is parse5's whole cost; the stage figure of fast-paths.ts nets out the scan's.
import { readPageWithParse5, type PageScan } from '../../../src/render/page-scan.ts';
import { scanHtml as scan } from '../../../src/runner/fast-paths/html-scan.ts';

export function scanHtml(html: string): PageScan {
  const { mayHoldInlineCode, styles, scripts } = scan(html);
  return { ...readPageWithParse5(html), mayHoldInlineCode, styles, scripts };
}
