import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The engine's own modules (`src/` in a checkout, `lib/` installed): frames there are not the site's. */
const ENGINE_DIR = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Where in the site's own code an error was thrown. */
export interface SiteFrame {
  file: string;
  line: number;
  column: number;
}

/**
 * The innermost frame of a stack that is the site's own code: not Node's, not a package's, not
 * the engine's. The site's code is bundled with a source map and loaded with source maps on (see
 * `site/code.ts`), so the frame names the site's file (`templates/Post.tsx:15:41`), not the bundle.
 */
export function siteFrame(error: Error): SiteFrame | undefined {
  for (const match of (error.stack ?? '').matchAll(/\(?((?:file:\/\/)?\/[^():\s]+):(\d+):(\d+)\)?$/gm)) {
    const file = match[1]!.startsWith('file:') ? fileURLToPath(match[1]!) : match[1]!;
    // The site's code bundles: `cacheFolder('code')`, written out because core/ and diagnostics/ are independent folders of one layer.
    if (file.includes(`${path.sep}node_modules${path.sep}`) || isInside(ENGINE_DIR, file) || /\.site-cache[\\/]code[\\/]/.test(file))
      continue;
    return { file, line: Number(match[2]), column: Number(match[3]) };
  }
  return undefined;
}

/** Lines shown before and after the line at fault. */
const AROUND = 2;
/** Long lines (minified code) are cut, so an excerpt stays a few lines of a terminal. */
const WIDTH = 160;

/**
 * A few lines of a file around `line`, numbered, with a caret under `column`:
 *
 *        8 |       <h1>{entry.data.title}</h1>
 *     >  9 |       <p>{tags!.join(', ')}</p>
 *          |                 ^
 *       10 |       <div …
 *
 * Undefined when the file cannot be read or has no such line.
 */
export function sourceExcerpt({ file, line, column }: SiteFrame): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split(/\r?\n/);
  if (line < 1 || line > lines.length) return undefined;
  const last = Math.min(lines.length, line + AROUND);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = Math.max(1, line - AROUND); n <= last; n++) {
    const source = lines[n - 1]!.slice(0, WIDTH).replace(/\t/g, '  ');
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${source}`.trimEnd());
    if (n === line && column >= 1 && column <= WIDTH) {
      const before = lines[n - 1]!.slice(0, column - 1).replace(/\t/g, '  ');
      out.push(`  ${' '.repeat(width)} | ${' '.repeat(before.length)}^`);
    }
  }
  return out.join('\n');
}

function isInside(dir: string, file: string): boolean {
  const relative = path.relative(dir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
