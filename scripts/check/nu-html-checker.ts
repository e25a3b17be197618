import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Finding, Gate, GateContext, GateResult } from './gate.ts';
import { pageFile } from './pages.ts';
import { plural } from './report.ts';

/** The Nu Html Checker's jar, as the vnu-jar package ships it (the module's default export is its path). */
export const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

/** One message of `vnu --format json`. */
interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

/**
 * The checker's messages carry no rule ids, so the common ones are named here with advice; any
 * other error is still reported, as `html-error`, with its position and the markup around it.
 */
const KNOWN: Array<{ pattern: RegExp; rule: string; fix: string }> = [
  {
    pattern: /^Duplicate ID/,
    rule: 'duplicate-id',
    fix: 'Give each element its own id: an id must be unique in its document (HTML §3.2.6.1). Rename or drop the repeated one, and update links (#id) and aria-* references to it.',
  },
  {
    pattern: /element must have an “alt” attribute/,
    rule: 'img-alt',
    fix: 'Add an alt attribute: a short text saying what the image shows, or alt="" when it is decorative (HTML §4.8.4.4).',
  },
  {
    pattern: /^Bad value .* for attribute/,
    rule: 'bad-attribute-value',
    fix: 'Write the attribute value in the syntax the standard gives for it.',
  },
  {
    pattern: /^Attribute .* not allowed on element/,
    rule: 'attribute-not-allowed',
    fix: 'Remove the attribute, or use one the element allows (HTML, the element’s "Content attributes").',
  },
  {
    pattern: /^Element .* not allowed as child of element|not allowed in this context/,
    rule: 'content-model',
    fix: 'Move the element where its parent’s content model allows it (HTML, the parent’s "Content model").',
  },
  {
    pattern: /^(Stray end tag|Unclosed element|End tag .* seen|No “p” element in scope)/,
    rule: 'tag-structure',
    fix: 'Close elements in the order they were opened, and remove stray end tags.',
  },
  {
    pattern: /^Element .* is missing (one or more of the following|a required instance)/,
    rule: 'missing-required',
    fix: 'Add the required attribute or child element.',
  },
];

/** The W3C Nu Html Checker (vnu-jar) on every page, in one Java process: zero errors. */
export const nuHtmlCheckerGate: Gate = {
  name: 'nu-html-checker',
  async run(ctx: GateContext): Promise<GateResult> {
    const pageByFile = new Map(ctx.pages.map((page) => [pageFile(ctx.distDir, page), page]));
    const { version, messages } = await runVnu([...pageByFile.keys()]);
    const findings: Finding[] = [];
    for (const message of messages) {
      const file = message.url ? fileURLToPath(message.url) : '';
      findings.push(toFinding(pageByFile.get(file) ?? (file || '(checker)'), message));
    }
    return { findings, summary: [`Nu Html Checker ${version}, errors only, ${plural(pageByFile.size, 'page')} in one run`] };
  },
};

/** Runs the checker once over all files; its JSON report comes on stderr. A missing Java is a clear error. */
export function runVnu(files: string[]): Promise<{ version: string; messages: VnuMessage[] }> {
  const java = process.env.JAVA ?? 'java';
  return new Promise((resolve, reject) => {
    const child = spawn(java, ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `Java is needed to run the Nu Html Checker and "${java}" was not found. Install a Java runtime (Debian: apt-get install default-jre-headless; .ci/run does this) or set JAVA to its path.`,
            )
          : error,
      ),
    );
    child.once('close', (code) => {
      try {
        const report = JSON.parse(stderr) as { version?: string; messages: VnuMessage[] };
        resolve({ version: report.version ?? 'unknown', messages: report.messages.filter((message) => message.type !== 'info') });
      } catch {
        reject(new Error(`The Nu Html Checker exited with ${code} without a JSON report:\n${(stderr || stdout).slice(0, 2000)}`));
      }
    });
  });
}

function toFinding(page: string, message: VnuMessage): Finding {
  const known = KNOWN.find((entry) => entry.pattern.test(message.message));
  const where = message.lastLine ? ` at line ${message.lastLine}, column ${message.firstColumn ?? message.lastColumn ?? '?'}` : '';
  const extract = message.extract ? ` near «${message.extract.replace(/\s+/g, ' ').trim()}»` : '';
  return {
    page,
    rule: message.type === 'non-document-error' ? 'unreadable-document' : (known?.rule ?? 'html-error'),
    message: `${message.message}${where}${extract}`,
    fix:
      known?.fix ??
      'Change the markup there so it conforms to the HTML standard (https://html.spec.whatwg.org/); the message names the element and attribute.',
  };
}
