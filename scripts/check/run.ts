import { serveStatic } from '../../tests/e2e/static-server.ts';
import type { Finding, Gate, GateResult } from './gate.ts';
import { listPages, selectPages } from './pages.ts';
import { formatGateReport, plural } from './report.ts';

export interface CheckOptions {
  /** The built site. */
  distDir: string;
  gates: Gate[];
  /** Globs over URL paths ('/projects/**'); empty or absent: every page. */
  pagePatterns?: string[];
  /** Where the report goes, a block at a time; default: stdout. */
  write?: (text: string) => void;
}

export interface GateOutcome {
  gate: string;
  findings: Finding[];
  /** Set when the gate itself broke (a tool missing or crashing), as opposed to finding problems. */
  error?: string;
}

/** Serves dist/ on loopback, runs each gate over the chosen pages, prints every finding and a summary. */
export async function runChecks(options: CheckOptions): Promise<{ outcomes: GateOutcome[]; failed: boolean }> {
  const write = options.write ?? ((text: string) => process.stdout.write(`${text}\n`));
  const pages = selectPages(await listPages(options.distDir), options.pagePatterns ?? []);
  if (pages.length === 0) throw new Error(`No built page in ${options.distDir} matches ${options.pagePatterns?.join(', ') || 'anything'}.`);
  const server = await serveStatic(options.distDir);
  const outcomes: GateOutcome[] = [];
  try {
    for (const gate of options.gates) {
      let result: GateResult;
      try {
        result = await gate.run({ distDir: options.distDir, baseUrl: server.url, pages });
      } catch (error) {
        const message = (error as Error).message;
        write(`── ${gate.name}\n✖ ${gate.name} could not run: ${message}`);
        outcomes.push({ gate: gate.name, findings: [], error: message });
        continue;
      }
      write(formatGateReport(gate.name, result, pages.length));
      outcomes.push({ gate: gate.name, findings: result.findings });
    }
  } finally {
    await server.close();
  }
  const failed = outcomes.some((outcome) => outcome.error !== undefined || outcome.findings.length > 0);
  const total = outcomes.reduce((sum, outcome) => sum + outcome.findings.length, 0);
  const broken = outcomes.filter((outcome) => outcome.error !== undefined).map((outcome) => outcome.gate);
  const failedGates = outcomes.filter((outcome) => outcome.error !== undefined || outcome.findings.length > 0).length;
  write(
    failed
      ? `\n✖ ${plural(total, 'finding')}${broken.length ? `; could not run: ${broken.join(', ')}` : ''}. Quality gates failed.`
      : `\n✔ ${plural(outcomes.length, 'gate')} passed on ${plural(pages.length, 'page')}.`,
  );
  // The plain closing line CI reads: each gate counts as one check.
  write(`gates: ${outcomes.length - failedGates} passed, ${failedGates} failed`);
  return { outcomes, failed };
}
