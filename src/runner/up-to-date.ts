import path from 'node:path';
import { receiptFile, requestKey, upToDate, type ReceiptSummary } from './reuse/receipt.ts';

/*
 * The check a `site build` makes before it loads the engine: whether the last build into the same
 * folder, asked the same, is still what the inputs would give (see reuse/receipt.ts). Light on
 * purpose, like the receipt: it runs before anything else is imported.
 */

/** What a build is asked, as far as its output depends on it. */
export interface BuildRequest {
  root: string;
  /** The output folder, absolute. */
  out: string;
  content?: string;
  origin?: string;
  config?: string;
  drafts?: boolean;
  offline?: boolean;
}

/** What a build reports at its end: the receipt's summary and how many pages it rendered or carried over. */
export interface BuildSummary extends ReceiptSummary {
  rendered: number;
  carried: number;
  /** Nothing changed since the last build, which was not even started. */
  upToDate?: boolean;
}

/** The key a receipt is kept under for this request: two builds with the same key are asked the same. */
export function buildRequestKey(request: BuildRequest): string {
  const { root, out, content, origin, config, drafts, offline } = request;
  return requestKey([
    'site build',
    out,
    content ? path.resolve(root, content) : '',
    origin ?? '',
    config ? path.resolve(root, config) : '',
    ...(drafts ? ['drafts'] : []),
    ...(offline ? ['offline'] : []),
  ]);
}

/** The summary of the last build into `out` when nothing changed since, told as a build that reused everything. */
export function unchangedBuild(cacheDir: string, out: string, requestKey: string): BuildSummary | undefined {
  const unchanged = upToDate(receiptFile(cacheDir, out), requestKey, out);
  if (!unchanged) return undefined;
  const og = unchanged.og && { drawn: 0, reused: unchanged.og.drawn + unchanged.og.reused };
  return { ...unchanged, og, rendered: 0, carried: unchanged.pages, upToDate: true };
}
