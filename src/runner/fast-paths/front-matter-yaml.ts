import { constructFromEvents, CORE_SCHEMA, EVENT_ID, parseEvents, SCALAR_STYLE, type Event, type ScalarEvent } from 'js-yaml';

/**
 * Front matter the quick way, or undefined when it must go the careful way: js-yaml's event
 * parser and constructor, with the same core schema as the `yaml` package and a sixth of its
 * time (see `readFrontMatterYaml` in `content/front-matter-yaml.ts`). It is trusted only where the two are
 * known to agree: one document of plain mappings, sequences and scalars. Any anchor, alias, tag
 * or directive, anything it cannot parse, and anything it would resolve other than to a string,
 * number, boolean or null is left to `yaml`, which then reports what is wrong exactly as before.
 * `tests/property/front-matter-yaml.test.ts` checks that wherever this answers, its answer is
 * `yaml`'s.
 */
export function quickFrontMatter(text: string): unknown {
  // Tabs, carriage returns, control and format characters, lone surrogates: the parsers disagree on where some may stand.
  if (UNUSUAL.test(text)) return undefined;
  let events: Event[];
  try {
    events = parseEvents(text, {});
  } catch {
    return undefined;
  }
  let documents = 0;
  // Open documents and collections, each with the nodes seen in it so far: in a mapping, every
  // other node is a key, and only scalar keys become the same property name in both.
  const open: { mapping: boolean; nodes: number }[] = [];
  for (const event of events) {
    if (event.type === EVENT_ID.POP) {
      open.pop();
      continue;
    }
    if (event.type === EVENT_ID.DOCUMENT) {
      if (++documents > 1 || event.directives.length > 0 || event.explicitStart || event.explicitEnd) return undefined;
      open.push({ mapping: false, nodes: 0 });
      continue;
    }
    if (event.type === EVENT_ID.ALIAS || event.anchorStart !== -1 || event.tagStart !== -1) return undefined;
    if (event.type === EVENT_ID.SCALAR && event.style === SCALAR_STYLE.PLAIN && overflows(text.slice(event.valueStart, event.valueEnd)))
      return undefined;
    const parent = open.at(-1);
    if (parent?.mapping && parent.nodes % 2 === 0 && !(event.type === EVENT_ID.SCALAR && nameKey(event, text))) return undefined;
    if (parent) parent.nodes++;
    if (event.type !== EVENT_ID.SCALAR) open.push({ mapping: event.type === EVENT_ID.MAPPING, nodes: 0 });
  }
  if (documents !== 1) return undefined;
  let value: unknown;
  try {
    [value] = constructFromEvents(events, { source: text, schema: CORE_SCHEMA });
  } catch {
    return undefined;
  }
  return plain(value) ? value : undefined;
}

const UNUSUAL =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A key both parsers turn into the same property name: a quoted one, or a plain word that no
 * schema reads as null, a boolean or a number (`~: x` is `""` to one and `"null"` to the other)
 * and that no object inherits (`constructor`, `__proto__`).
 */
function nameKey(event: ScalarEvent, text: string): boolean {
  const key = text.slice(event.valueStart, event.valueEnd);
  // An implicit key is one line of at most 1,024 characters, which `yaml` enforces and js-yaml does not.
  if (key.length > 1000 || key.includes('\n')) return false;
  if (event.style !== SCALAR_STYLE.PLAIN) return event.style === SCALAR_STYLE.SINGLE_QUOTED || event.style === SCALAR_STYLE.DOUBLE_QUOTED;
  return /^[A-Za-z_][\w-]*$/.test(key) && !/^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/.test(key) && !(key in Object.prototype);
}

/** A plain scalar the core schema reads as a number too large for a double: Infinity to `yaml`, a string to js-yaml. */
function overflows(raw: string): boolean {
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/.test(raw)) return !Number.isFinite(Number(raw));
  if (/^0x[0-9a-fA-F]+$/.test(raw)) return !Number.isFinite(Number.parseInt(raw.slice(2), 16));
  if (/^0o[0-7]+$/.test(raw)) return !Number.isFinite(Number.parseInt(raw.slice(2), 8));
  return false;
}

/** JSON-like data: what both parsers make of plain YAML (finite numbers only: the two differ on huge ones). */
function plain(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(plain);
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.values(value as Record<string, unknown>).every(plain);
  }
  return false;
}
