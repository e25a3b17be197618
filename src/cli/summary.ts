import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { printable } from '../diagnostics/printable.ts';
import type { BuildSummary } from '../runner/up-to-date.ts';

/** The seconds since `started` (from `performance.now()`), as a command's closing line gives them. */
export function secondsSince(started: number): string {
  return ((performance.now() - started) / 1000).toFixed(2);
}

/** Prints the line a successful command ends with. */
export function printDone(line: string): void {
  console.log(printable(`✔ ${line}`));
}

/** Where a build wrote, and where it was asked to list the links to other sites. */
export interface BuildPlaces {
  root: string;
  out: string;
  /** The file to list the external links in (`--external-links`), relative to `root`. */
  externalLinks?: string;
}

/** Prints the one line a successful build ends with, and lists the external links if asked. */
export async function printBuildSummary(summary: BuildSummary, places: BuildPlaces, started: number): Promise<void> {
  const { root, out } = places;
  const images = summary.og ? ` Social images: ${summary.og.drawn} drawn, ${summary.og.reused} reused.` : '';
  const external = summary.externalLinks;
  let listed = '';
  if (places.externalLinks) {
    const listFile = path.resolve(root, places.externalLinks);
    await writeFile(listFile, external.map((link) => `${link.url}\t${link.count}\t${link.firstPage}\n`).join(''));
    listed = `, listed in ${path.relative(root, listFile)}`;
  }
  printDone(
    `Built ${summary.pages} pages${reuse(summary)} from ${summary.files} files into ${path.relative(root, out) || '.'}/ in ${secondsSince(started)} s.${drafts(summary.drafts)}${skippedFiles(summary.skipped ?? [])}${images} External links: ${external.length}, not fetched${listed}${elsewhere(summary.elsewhereLinks ?? [])}.`,
  );
}

/** How much an incremental build reused, so a slow one is easy to explain. */
function reuse(summary: BuildSummary): string {
  if (summary.upToDate) return ' (nothing changed since the last build)';
  return summary.carried ? ` (${summary.rendered} rendered, ${summary.carried} unchanged)` : '';
}

/** The drafts left out, counted, so a page missing from the output is never a mystery. */
function drafts(count: number | undefined): string {
  return count ? ` ${count === 1 ? '1 draft' : `${count} drafts`} left out (--drafts builds them).` : '';
}

/** The links to paths declared as another site's (`links.external`), counted so that none goes unchecked in silence. */
function elsewhere(links: readonly { count: number }[]): string {
  if (!links.length) return '';
  const count = links.reduce((sum, link) => sum + link.count, 0);
  return `; ${count} ${count === 1 ? 'link' : 'links'} to ${links.length} ${links.length === 1 ? 'path' : 'paths'} declared elsewhere (links.external), not checked`;
}

/** The files under the content folder that look like content but were not read, named (the first few) so that none is lost in silence. */
function skippedFiles(skipped: readonly string[]): string {
  if (!skipped.length) return '';
  const named = skipped.slice(0, 3).join(', ') + (skipped.length > 3 ? ', …' : '');
  return ` ${skipped.length === 1 ? '1 file' : `${skipped.length} files`} under the content folder not read (${named}): only .md and .mdx files not starting with a dot are content.`;
}
