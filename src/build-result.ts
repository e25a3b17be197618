import type { Content } from './content/read.ts';
import { hasErrors, type Diagnostic } from './diagnostics/diagnostics.ts';
import type { ReceiptSummary } from './runner/reuse/receipt.ts';
import type { ExternalLink } from './links/check-links.ts';
import type { OutputFile } from './output/write.ts';
import type { Pages } from './runner/render-pages.ts';
import type { SiteRoutes } from './routes/plan.ts';

export type { BuildOptions } from './runner/build-options.ts';

export interface BuildResult {
  diagnostics: Diagnostic[];
  /** How many content files were read. */
  fileCount: number;
  /** How many drafts the build left out (see `BuildOptions.drafts`). */
  drafts: number;
  /** Files under the content folder that look like content but were not read (dotfiles, `.markdown`), relative to it. */
  skipped: string[];
  routes: SiteRoutes['routes'];
  catalogue: SiteRoutes['catalogue'];
  /** Social images drawn by this build and taken unchanged from the cache. */
  og?: { drawn: number; reused: number };
  /** Raster images encoded into variants by this build and taken unchanged from the cache. */
  images?: { encoded: number; reused: number };
  /** Links to other sites, listed and never fetched; set once every internal link has been checked. */
  externalLinks?: ExternalLink[];
  /** Links to paths the site declares as another site's (`links.external`), by path: counted, not checked. */
  elsewhereLinks?: ExternalLink[];
  /** Pages rendered by this build (in worker threads, of those) and carried over unchanged from the last one. */
  pages?: { rendered: number; inWorkers: number; carried: number };
  /** Pages in the search index (`search`), and whether the last build's index was reused because none of them changed. */
  search?: { indexed: number; reused: boolean };
  /** Output files written, and files of the last output removed; the rest were left as they were. */
  written?: { files: string[]; removed: string[] };
  /** Set only when the build succeeded and the output was written. */
  files?: OutputFile[];
  /** What `site build` prints about the build, kept with its receipt. */
  summary: ReceiptSummary;
  /** The files MDX content imports (components), besides the MDX files themselves: an edit to one re-renders its pages. */
  mdxInputs?: string[];
}

/** A stage as a build reports it: what it found wrong. */
type Stage = { readonly diagnostics: readonly Diagnostic[] };

/** What the stages done so far made, for the figures of a build's result. */
export interface Figures {
  images?: { encoded: number; reused: number };
  pages?: Pages;
  drawn?: { drawn: number; reused: number };
  links?: { external: ExternalLink[]; elsewhere: ExternalLink[] };
  written?: { written: string[]; removed: string[] };
  files?: OutputFile[];
  mdx?: { inputs: string[] };
  search?: { indexed: number; reused: boolean; files: readonly unknown[] };
}

/** A build's stages gathered as they finish: their diagnostics in stage order, and their figures. */
export interface BuildReport {
  /** Adds what stages made and found; the later figures of a kind replace the earlier. */
  add(figures: Figures, ...stages: Stage[]): BuildReport;
  /** Whether any of these stages, or with none named any stage added so far, reported an error (a build with errors writes nothing). */
  failed(...stages: Stage[]): boolean;
  result(): BuildResult;
}

/** A report of the build of `content`, planned as `routes`. */
export function buildReport(content: Content, routes: SiteRoutes): BuildReport {
  const stages: Stage[] = [];
  let figures: Figures = {};
  const report: BuildReport = {
    add(more, ...added) {
      figures = { ...figures, ...more };
      stages.push(...added);
      return report;
    },
    failed: (...named) => (named.length ? named : stages).some((stage) => hasErrors(stage.diagnostics)),
    result: () => outcome(content, routes, stages, figures),
  };
  return report;
}

/** The stages' results as a build reports them: every diagnostic, in stage order, and the figures. */
function outcome(content: Content, routes: SiteRoutes, stages: readonly Stage[], done: Figures = {}): BuildResult {
  const og = done.drawn && { drawn: done.drawn.drawn, reused: done.drawn.reused };
  const result: BuildResult = {
    diagnostics: stages.flatMap((stage) => stage.diagnostics),
    ...(done.mdx?.inputs.length ? { mdxInputs: done.mdx.inputs } : {}),
    fileCount: content.fileCount,
    drafts: content.draftUrls.length,
    skipped: content.skipped,
    routes: routes.routes,
    catalogue: routes.catalogue,
    og,
    images: done.images && { encoded: done.images.encoded, reused: done.images.reused },
    externalLinks: done.links?.external,
    elsewhereLinks: done.links?.elsewhere,
    ...(done.search?.files.length ? { search: { indexed: done.search.indexed, reused: done.search.reused } } : {}),
    pages: done.pages && {
      rendered: done.pages.rendered,
      inWorkers: done.pages.renderedInWorkers,
      carried: done.pages.files.length - done.pages.rendered,
    },
    written: done.written && { files: done.written.written, removed: done.written.removed },
    files: done.files,
    summary: {
      pages: routes.routes.length,
      files: content.fileCount,
      drafts: content.draftUrls.length,
      skipped: content.skipped,
      og,
      externalLinks: done.links?.external ?? [],
      ...(done.links?.elsewhere.length ? { elsewhereLinks: done.links.elsewhere } : {}),
    },
  };
  return result;
}
