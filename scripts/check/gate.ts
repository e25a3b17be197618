/**
 * The interface every quality gate implements. A gate is an external judge (axe-core, the Nu Html
 * Checker, Lighthouse, ...) run over the built site; it reports findings and never throws for a
 * finding, only for a broken tool.
 */

/** One problem on one page, phrased so a person can act on it. */
export interface Finding {
  page: string;
  rule: string;
  message: string;
  fix: string;
}

export interface GateContext {
  /** The built site folder (dist/). */
  distDir: string;
  /** Where that folder is being served over http (static server applying dist/_headers if present). */
  baseUrl: string;
  /** URL paths of every built HTML page, e.g. ['/', '/about', ...]. */
  pages: string[];
}

export interface GateResult {
  findings: Finding[];
  /** lines printed after the gate ran (tables, totals). */
  summary?: string[];
}

export interface Gate {
  name: string;
  run(ctx: GateContext): Promise<GateResult>;
}
