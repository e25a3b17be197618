/**
 * MDX written in a `.md` file (`<Note>`, `import Tabs from …`): Markdown shows an import as
 * text and its sanitizer removes a component's tag, so an author who meant MDX is told, once,
 * at the first such line. Code blocks are skipped. The body is only scanned when a quick test
 * finds something that could be MDX, so plain bodies pay one regular-expression test.
 */

const MAYBE = /<[A-Z]|^(?:import|export)\s/m;
const COMPONENT = /^ {0,3}<([A-Z][\w.]*)(?=[\s/>]|$)/;
// One start per line and no nested repetition: linear in the line.
const MODULE_LINE = /^(import|export)\s(?:.*\bfrom\s*)?['"]|^(export)\s+(?:const|let|function|default)\s/;

/** The first line (1-based) of a Markdown body written in MDX, and what is written there; undefined for none. */
export function mdxSyntaxLine(markdown: string): { line: number; written: string } | undefined {
  if (!MAYBE.test(markdown)) return undefined;
  const lines = markdown.split('\n');
  let fence: string | undefined;
  for (const [index, line] of lines.entries()) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === undefined ? marker : undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const component = COMPONENT.exec(line);
    if (component) return { line: index + 1, written: `<${component[1]}>` };
    const module = MODULE_LINE.exec(line);
    if (module) return { line: index + 1, written: `an ${module[1] ?? module[2]} line` };
  }
  return undefined;
}
