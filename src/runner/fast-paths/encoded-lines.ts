import type { LineEncoder } from '../../seo/crawlers.ts';

/**
 * The lines joined by newlines as UTF-8 bytes, as `lines().join('\n')` encodes them, in two
 * passes over lines made afresh: one to count the bytes, one to write them into a buffer of
 * that size. The joined text never exists, nor a list of the lines, nor chunks to concatenate:
 * only the bytes and the line being written. Each line is made twice, which costs less than
 * holding them (a multilingual sitemap's `<url>` shares its alternates' text with its translations').
 */
export const encodedLines: LineEncoder = (lines) => {
  let size = -1;
  for (const line of lines()) size += Buffer.byteLength(line) + 1;
  const bytes = Buffer.allocUnsafe(Math.max(size, 0));
  let at = -1;
  for (const line of lines()) {
    if (at >= 0) bytes[at] = 0x0a;
    at += 1 + bytes.write(line, at + 1);
  }
  return bytes;
};
