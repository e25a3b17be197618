import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import type { Route } from '../content/entry.ts';
import type { OutputFile } from '../output/write.ts';
import { allowsInlineStyle, buildCsp, CspConfigError } from './csp.ts';
import { formatHeadersFile } from './headers-file.ts';
import { cacheRules, securityHeaders, svgRules, type SecurityDefinition } from './headers.ts';
import { findInlineCode, mergeInlineCode, type BlockedInlineCode, type InlineCode } from './inline-code.ts';
import { OUTPUT_SIGNATURE } from '../output/ownership.ts';
import { diagnose } from '../diagnostics/catalogue/index.ts';
import { withSearchPolicy } from './search-policy.ts';
import { hostFiles, type DeployDefinition } from './host-files.ts';

/** Where the build writes its response headers, for the static host and for `site serve`. */
export const HEADERS_FILE = '_headers';

// Its second line is what tells a build's output from a folder of someone's (see output/ownership.ts).
const COMMENT = `Response headers for every file of this build, in the _headers format of Netlify and Cloudflare Pages.
${OUTPUT_SIGNATURE}; \`site serve\` sends the same. Inline scripts and styles are allowed only by their hashes.`;

/** True when `_headers` text is the one `site build` writes (it starts with the engine's comment): how `site preview` tells a build of this engine. */
export function isEngineHeadersFile(text: string): boolean {
  return text.startsWith(formatHeadersFile([], COMMENT).trimEnd());
}

/**
 * The `_headers` file for a build's output: the security headers (a CSP allowing the hashes of the
 * inline code the pages hold) on every path, and Cache-Control by kind of file. Inline code no
 * hash can allow (style attributes, event handlers, `javascript:` URLs) and malformed
 * `security.csp` additions are reported as errors.
 */
export function planHeaders(
  security: SecurityDefinition | undefined,
  output: readonly OutputFile[],
  hashed: readonly OutputFile[],
  routes: readonly Route[] = [],
  /** The pages' inline code found already (by the render workers, or kept from the last build), so no page is read again. */
  found?: InlineCode,
): { file?: OutputFile; diagnostics: Diagnostic[] } {
  const inline = found ?? findInlineCode(output.filter((file) => file.path.endsWith('.html')));
  let policy: Map<string, string[]>;
  try {
    policy = buildCsp(security?.csp, inline);
  } catch (error) {
    if (!(error instanceof CspConfigError)) throw error;
    return { diagnostics: [{ ...diagnose('invalid-security', { reason: error.message }), field: 'security.csp' }] };
  }
  const blocked = inline.blocked.filter((b) => b.attribute !== 'style' || !allowsInlineStyle(policy));
  if (blocked.length) return { diagnostics: blocked.map((b) => blockedDiagnostic(b, routes)) };

  const rules = [
    { pattern: '/*', headers: securityHeaders(security, inline) },
    ...cacheRules(
      output.map((file) => file.path),
      new Set(hashed.map((file) => file.path)),
    ),
    ...svgRules(output.map((file) => file.path)),
  ];
  return { file: { path: HEADERS_FILE, contents: formatHeadersFile(rules, COMMENT) }, diagnostics: [] };
}

function blockedDiagnostic(blocked: BlockedInlineCode, routes: readonly Route[]): Diagnostic {
  const route = routes.find((r) => r.outPath === blocked.page);
  const where = route ? route.url : `/${blocked.page}`;
  return {
    ...diagnose('csp-blocked-inline', {
      page: where,
      element: blocked.element,
      attribute: blocked.attribute,
      value: blocked.value.length > 60 ? `${blocked.value.slice(0, 57)}...` : blocked.value,
    }),
    file: route?.entry.file,
  };
}

/** The `_headers` file of a build: the pages' inline code was found as they were rendered; any other HTML file is read here. */
/**
 * `_headers` (see `headersFile`), then the header files of the hosts `deploy` names, each saying
 * what `_headers` says (see `host-files.ts`); none when the policy has problems.
 */
export function headerFiles(
  site: { security?: SecurityDefinition; search?: unknown; deploy?: DeployDefinition },
  output: readonly OutputFile[],
  hashed: readonly OutputFile[],
  routes: readonly Route[],
  pages: { hashes: ReadonlyMap<string, string>; inline(): InlineCode },
): { files: OutputFile[]; diagnostics: Diagnostic[] } {
  const { file, diagnostics } = headersFile(site, output, hashed, routes, pages);
  return { files: file ? [file, ...hostFiles(site.deploy, file)] : [], diagnostics };
}

export function headersFile(
  site: { security?: SecurityDefinition; search?: unknown },
  output: readonly OutputFile[],
  hashed: readonly OutputFile[],
  routes: readonly Route[],
  pages: { hashes: ReadonlyMap<string, string>; inline(): InlineCode },
): { file?: OutputFile; diagnostics: Diagnostic[] } {
  const otherHtml = output.filter((file) => file.path.endsWith('.html') && !pages.hashes.has(file.path));
  return planHeaders(
    withSearchPolicy(site.security, site.search),
    output,
    hashed,
    routes,
    mergeInlineCode([findInlineCode(otherHtml), pages.inline()]),
  );
}
