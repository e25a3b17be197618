import { HtmlValidate, type Message } from 'html-validate';
import type { Finding, Gate, GateContext, GateResult } from './gate.ts';
import { htmlValidateConfig } from './html-validate-config.ts';
import { pageFile } from './pages.ts';

/** html-validate's recommended and document presets on every built page. */
export const htmlValidateGate: Gate = {
  name: 'html-validate',
  async run(ctx: GateContext): Promise<GateResult> {
    const validator = new HtmlValidate(htmlValidateConfig);
    const findings: Finding[] = [];
    for (const page of ctx.pages) {
      const report = await validator.validateFile(pageFile(ctx.distDir, page));
      for (const result of report.results) {
        for (const message of result.messages) findings.push(await toFinding(validator, page, message));
      }
    }
    return { findings, summary: [`presets: ${htmlValidateConfig.extends?.join(', ')}`] };
  },
};

/** A message with the rule's own explanation as the fix. */
async function toFinding(validator: HtmlValidate, page: string, message: Message): Promise<Finding> {
  const documentation = await validator.getContextualDocumentation(message);
  // The first paragraph of a rule's documentation often repeats the message; the advice follows it.
  const same = (text: string) => text.replace(/\W+/g, ' ').trim().toLowerCase();
  const paragraphs = (documentation?.description ?? '').split(/\n\s*\n/).map((text) => text.replace(/\s+/g, ' ').trim());
  const advice = paragraphs.find((text) => text && same(text) !== same(message.message)) ?? '';
  const where = `line ${message.line}, column ${message.column}${message.selector ? ` (${message.selector})` : ''}`;
  return {
    page,
    rule: message.ruleId,
    message: `${message.message} at ${where}`,
    fix: `${advice ? `${advice} ` : ''}See ${message.ruleUrl ?? documentation?.url ?? `https://html-validate.org/rules/${message.ruleId}.html`}`,
  };
}
