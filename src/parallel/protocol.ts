import type { AssetManifest } from '../assets/bundle.ts';
import type { PageAnalysis, StoredAnalysis } from '../render/analysis.ts';
import type { EncodedEntry } from '../content/entry-codec.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import type { ImageManifest } from '../images/manifest.ts';
import type { OgImageRef } from '../og/definition.ts';

/** What a render worker is started with: the module defining the site, and the content folder it reads. */
export interface WorkerSetup {
  module: string;
  contentDir: string;
}

/** A route as it crosses to a worker: its entry named by URL. */
export interface WireRoute {
  url: string;
  outPath: string;
  template: string;
  noindex: boolean;
  entryUrl: string;
}

/** Everything one build's pages are rendered from; sent to each worker once per build. */
export interface WireContext {
  type: 'context';
  /** Every entry of the catalogue, in its order; absent when a `CatalogueMessage` sent them ahead. */
  entries?: EncodedEntry[];
  routes: WireRoute[];
  assets: AssetManifest;
  images: ImageManifest;
  origin: string;
  ogImages: Array<[string, OgImageRef]>;
  /** The module of each MDX entry by its file, to import before rendering. */
  mdx?: Record<string, string>;
  /** The staging folder of the next output, when it is on disk: workers write the pages they render into it themselves. */
  stagingDir?: string;
}

/**
 * The catalogue, sent as soon as the content is read, so a worker decodes it while the main
 * thread prepares assets and images, instead of after the render begins (a third of a second at
 * 10,000 pages). The next `WireContext` without entries uses it.
 */
export interface CatalogueMessage {
  type: 'catalogue';
  entries: EncodedEntry[];
}

export interface RenderRequest {
  type: 'render';
  /** Indexes into `WireContext.routes`. */
  batch: number[];
}

/** Content files to parse and validate. */
export interface ParseRequest {
  type: 'parse';
  batch: Array<{ index: number; file: string; relative: string; text: string }>;
}

/** One content file, parsed and validated: its entry without the body (the text is in the main thread already), or its problems. */
export interface ParsedSource {
  index: number;
  entry?: Omit<EncodedEntry, 'body'>;
  /** Where the body starts in the text, after a byte-order mark is removed. */
  bodyStart?: number;
  /** Problems with the front matter's syntax, then with its fields. */
  syntax: Diagnostic[];
  schema: Diagnostic[];
}

/** One rendered page: its UTF-8 bytes (or, once written to the staging folder, their stamp) and their hash, or why it failed. */
export interface RenderedPage {
  index: number;
  bytes?: Uint8Array;
  stamp?: string;
  hash?: string;
  analysis?: PageAnalysis;
  diagnostics: Diagnostic[];
  /** The facts it read; strings shared between pages, not a copy each. */
  reads: string[];
}

/**
 * A page as a worker sends it: its strings (fact keys, links, ids) numbered in the worker's table,
 * whose new strings come with each message. Most pages repeat the same menus and footer: a few
 * numbers each, instead of a few hundred strings and objects for the main thread to copy and hold.
 */
export interface WirePage extends Omit<RenderedPage, 'analysis' | 'reads'> {
  analysis?: StoredAnalysis;
  reads: number[];
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'rendered'; pages: WirePage[]; strings: string[]; derived: Array<[string, string[]]> }
  | { type: 'parsed'; results: ParsedSource[] }
  | { type: 'failed'; message: string; stack?: string };
