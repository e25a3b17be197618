import type { Finding, GateResult } from './gate.ts';

/** One finding as the runner prints it: `page  rule: message`, then how to fix it, indented. */
export function formatFinding(finding: Finding): string {
  return `${finding.page}  ${finding.rule}: ${finding.message}\n  fix: ${finding.fix}`;
}

/** The block printed for one gate: its findings, its own summary lines, then a count. */
export function formatGateReport(name: string, result: GateResult, pageCount: number): string {
  const lines: string[] = [];
  const { findings } = result;
  lines.push(`── ${name} ${'─'.repeat(Math.max(3, 60 - name.length))}`);
  for (const finding of findings) lines.push(formatFinding(finding));
  for (const line of result.summary ?? []) lines.push(`  ${line}`);
  lines.push(findings.length === 0 ? `✔ ${name}: no findings on ${plural(pageCount, 'page')}` : `✖ ${name}: ${countLine(findings)}`);
  return lines.join('\n');
}

/** "12 findings on 3 pages (color-contrast 10, image-alt 2)". */
export function countLine(findings: Finding[]): string {
  const pages = new Set(findings.map((finding) => finding.page)).size;
  const byRule = new Map<string, number>();
  for (const finding of findings) byRule.set(finding.rule, (byRule.get(finding.rule) ?? 0) + 1);
  const rules = [...byRule].sort((a, b) => b[1] - a[1]).map(([rule, count]) => `${rule} ${count}`);
  return `${plural(findings.length, 'finding')} on ${plural(pages, 'page')} (${rules.join(', ')})`;
}

/** "1 page", "3 pages". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
