import type { AssetManifest } from '../render/render-page.ts';
import type { PageAnalysis, StoredAnalysis } from '../render/analysis.ts';
import type { EncodedEntry } from './entry-codec.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import type { ImageManifest } from '../images/manifest.ts';
import type { OgImageRef } from '../site/social-images.ts';
import type { DrawerSetup, DrawnImage, DrawTask } from '../og/draw.ts';
import type { MessagePort } from 'node:worker_threads';

/** The site a worker loads, once, for parse and render tasks: the bundle the main thread loaded it from, and its content folder. */
export interface SiteSetup {
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
  /** Every entry of the catalogue, in its order. */
  entries: EncodedEntry[];
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

/** Content files to parse and validate. */
export type ParseSource = { index: number; file: string; relative: string; text: string };

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

/**
 * Data every worker reads and none changes (a build's render context), serialised
 * once into memory the threads share: a task names it instead of carrying a copy, and a worker
 * decodes it once, the first time a task names it.
 */
export interface Shared {
  id: number;
  bytes: SharedArrayBuffer;
}

/** What every worker of a pool is started with (tinypool's `workerData`). */
export interface WorkerData {
  /** The module that provided the engine to a site's code in the thread that started the pool, by its URL: the worker imports it too. */
  engine?: string;
}

/** What a worker is asked to do: one protocol for every kind of work (see `worker.ts`). */
export type Task =
  /** Load the site now, so the first parse or render task finds it ready. */
  | { kind: 'load'; site: SiteSetup }
  | { kind: 'parse'; site: SiteSetup; batch: ParseSource[] }
  /** Render routes, by their indexes into `WireContext.routes`. */
  | { kind: 'render'; site: SiteSetup; context: Shared; batch: number[] }
  /** Draw one social image; a template that throws is that image's error, not the worker's. */
  | { kind: 'draw'; setup: DrawerSetup; image: DrawTask }
  /**
   * Become the page writer of the staging folder `dir` (see `page-writer.ts`): the worker writes
   * each `WriteRequest` that comes on `port` and answers there, until the port is closed.
   */
  | { kind: 'write'; dir: string; port: MessagePort }
  /**
   * A program's own task (the dev server's build): the worker imports `module`, a file of the
   * program's, and resolves to what its default export makes of `input`. The runner knows no
   * program; each names its module.
   */
  | ProgramTask
  /** End the child processes this worker started (esbuild's service), before the worker is ended. */
  | { kind: 'release' };

/** What each kind of task resolves to; `thread` says which worker did it. */
export interface TaskResults {
  load: { thread: number };
  parse: ParsedSource[];
  /** `strings` continue the worker's string table for this render context from position `from`. */
  render: { thread: number; pages: WirePage[]; strings: string[]; from: number; derived: Array<[string, string[]]> };
  draw: { thread: number; image?: DrawnImage; error?: { message: string; stack?: string } };
  write: { thread: number };
  program: unknown;
  release: undefined;
}

export type TaskResult<T extends Task> = TaskResults[T['kind']];

/** A page for the page writer to write, as its port carries it, and what the writer answers. */
export interface WriteRequest {
  id: number;
  path: string;
  bytes: Uint8Array;
}
export type WriteReply =
  | { id: number; stamp: string }
  | { id: number; error: Pick<NodeJS.ErrnoException, 'message' | 'code' | 'syscall' | 'path'> };

/** See `Task`: a task whose kind and meaning a program above the runner defines. */
export interface ProgramTask {
  kind: 'program';
  /** The module's file, which default-exports `(input) => Promise<result>`. */
  module: string;
  input: unknown;
}
