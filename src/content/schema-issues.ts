import type { z } from 'zod';
import { describeValue, formatField } from '../diagnostics/diagnostics.ts';
import type { Code } from '../diagnostics/catalogue/index.ts';
import { closest } from '../diagnostics/suggest.ts';
import { say, phrase } from '../diagnostics/catalogue/index.ts';

/** What a schema issue says, in an author's terms; the caller adds file, line and field. */
export interface IssueFacts {
  code: Code;
  /** Extra path segment (an unknown key) below the issue's own path. */
  key?: string;
  message: string;
  expected?: string;
  actual?: string;
  hint?: string;
  /** For an unknown field, the known field it is probably a misspelling of. */
  suggestion?: string;
}

type Issue = z.core.$ZodIssue;

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of fields',
  record: 'a set of named entries',
  date: 'a date',
};

/** The facts of one issue, with the issue and the path of the field they are about. */
export interface DescribedIssue {
  issue: Issue;
  facts: IssueFacts;
  /** The issue's path, plus the unknown key when there is one. */
  fieldPath: PropertyKey[];
}

/**
 * Every issue of one parse as facts. A misspelt required field is one mistake, not two: the
 * unknown field says which field it probably is (and that it is missing), and that field is not
 * reported missing as well.
 */
export function describeIssues(issues: readonly Issue[], schema: z.ZodType): DescribedIssue[] {
  const described = issues.flatMap(unfoldUnion).flatMap((issue) => {
    const known = issue.code === 'unrecognized_keys' ? knownKeysAt(schema, issue.path) : [];
    return describeIssue(issue, known).map((facts) => ({
      issue,
      facts,
      fieldPath: facts.key === undefined ? issue.path : [...issue.path, facts.key],
    }));
  });
  const missing = new Set(described.filter(({ facts }) => facts.code === 'missing-field').map(({ fieldPath }) => formatField(fieldPath)));
  const meant = ({ issue, facts }: DescribedIssue) =>
    facts.suggestion === undefined ? undefined : formatField([...issue.path, facts.suggestion]);
  const misspelt = new Set(described.map(meant).filter((field) => field !== undefined && missing.has(field)));
  return described
    .filter(({ facts, fieldPath }) => !(facts.code === 'missing-field' && misspelt.has(formatField(fieldPath))))
    .map((d) =>
      misspelt.has(meant(d) ?? '')
        ? { ...d, facts: { ...d.facts, hint: say('unknown-field', { suggestion: d.facts.suggestion, required: true }).hint } }
        : d,
    );
}

/** Turns one zod issue into one or more author-facing facts (an unknown-keys issue names each key). */
export function describeIssue(issue: Issue, knownKeys: readonly string[] = []): IssueFacts[] {
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type': {
      // A schema that words what it wants (`z.string({ error: 'a date written YYYY-MM-DD' })`) says it better than the type's name.
      const expected = issue.message.startsWith('Invalid input') ? (TYPE_NAMES[issue.expected] ?? issue.expected) : issue.message;
      if (input === undefined) return [{ code: 'missing-field', ...say('missing-field', {}), expected, actual: 'nothing' }];
      return [{ code: 'invalid-type', ...say('invalid-type', {}), expected, actual: describeValue(input) }];
    }
    case 'invalid_value': {
      const values = issue.values.map(String);
      const suggestion = typeof input === 'string' ? closest(input, values) : undefined;
      return [
        {
          code: 'invalid-value',
          ...say('invalid-value', { suggestion }),
          expected: phrase('one-of', { values: values.join(', ') }),
          actual: describeValue(input),
        },
      ];
    }
    case 'unrecognized_keys':
      return issue.keys.map((key) => {
        const suggestion = closest(key, knownKeys);
        return {
          code: 'unknown-field' as const,
          key,
          ...say('unknown-field', { suggestion }),
          expected: knownKeys.length ? phrase('one-of-the-fields', { fields: knownKeys.join(', ') }) : phrase('no-such-field'),
          actual: JSON.stringify(key),
          suggestion,
        };
      });
    case 'too_small':
    case 'too_big':
      return [describeSize(issue, input)];
    case 'invalid_format':
      return [{ code: 'invalid-format', ...say('invalid-format', {}), expected: formatName(issue), actual: describeValue(input) }];
    case 'custom': {
      // A check that says what it wants (`params.expected`) reads like a type check: missing, or of the wrong kind.
      const wanted = issue.params?.expected as string | undefined;
      if (wanted !== undefined) {
        return input === undefined
          ? [{ code: 'missing-field', ...say('missing-field', {}), expected: wanted, actual: 'nothing' }]
          : [{ code: 'invalid-type', ...say('invalid-type', {}), expected: wanted, actual: describeValue(input) }];
      }
      const code = (issue.params?.code as Code | undefined) ?? 'invalid-content';
      return [
        { code, message: issue.message, expected: undefined, actual: describeValue(input), hint: issue.params?.hint as string | undefined },
      ];
    }
    case 'invalid_union': {
      const forms = issue.errors.map(describeForm).filter((form) => form !== undefined);
      return [
        {
          code: 'invalid-type',
          ...say('invalid-type', { kind: 'union' }),
          expected: forms.length === issue.errors.length && forms.length ? forms.join(' or ') : undefined,
          actual: describeValue(input),
        },
      ];
    }
    default:
      return [{ code: 'invalid-content', ...say('invalid-content', { check: issue.message }), actual: describeValue(input) }];
  }
}

/**
 * A union's issue, as the issues of the one form whose shape the value has: for `tags` as a word
 * or a list of words, a list with one unknown word is that word's mistake, at its index. A value
 * whose shape no form has (or several forms have) stays one issue that names every form.
 */
function unfoldUnion(issue: Issue): Issue[] {
  if (issue.code !== 'invalid_union') return [issue];
  const shaped = issue.errors.filter((branch) => branch.length > 0 && branch.every((inner) => inner.path.length > 0));
  if (shaped.length !== 1) return [issue];
  const input = (issue as { input?: unknown }).input;
  return shaped[0]!.flatMap((inner) =>
    unfoldUnion({
      ...inner,
      path: [...issue.path, ...inner.path],
      input: (inner as { input?: unknown }).input ?? valueAt(input, inner.path),
    } as Issue),
  );
}

/** What one form of a union asks for, from the issue it raised at the value itself: `text`, `a list`, `one of css, react`. */
function describeForm(branch: readonly Issue[]): string | undefined {
  const root = branch.find((inner) => inner.path.length === 0);
  if (root?.code === 'invalid_type') return TYPE_NAMES[root.expected] ?? root.expected;
  if (root?.code === 'invalid_value') return `one of ${root.values.map(String).join(', ')}`;
  return undefined;
}

function valueAt(value: unknown, segments: readonly PropertyKey[]): unknown {
  let current = value;
  for (const segment of segments)
    current = current !== null && typeof current === 'object' ? (current as Record<PropertyKey, unknown>)[segment] : undefined;
  return current;
}

function describeSize(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig, input: unknown): IssueFacts {
  const small = issue.code === 'too_small';
  const limit = Number(small ? (issue as z.core.$ZodIssueTooSmall).minimum : (issue as z.core.$ZodIssueTooBig).maximum);
  const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
  const bound = small ? (issue.inclusive === false ? 'more than' : 'at least') : issue.inclusive === false ? 'less than' : 'at most';
  const actual =
    typeof input === 'string' ? `${input.length} characters` : Array.isArray(input) ? `${input.length} items` : describeValue(input);
  if (small && issue.origin === 'string' && limit === 1) {
    return { code: 'missing-field', ...say('missing-field', { empty: true }), expected: phrase('some-text'), actual };
  }
  const code = small ? 'too-small' : 'too-big';
  return { code, ...say(code), expected: `${bound} ${limit}${unit}`, actual };
}

function formatName(issue: z.core.$ZodIssueInvalidStringFormat): string {
  switch (issue.format) {
    case 'url':
      return 'an absolute URL (https://…)';
    case 'email':
      return 'an e-mail address';
    case 'regex':
      return issue.message.startsWith('Invalid') ? `text matching ${issue.pattern ?? 'the pattern'}` : issue.message;
    default:
      return issue.message.startsWith('Invalid') ? `a valid ${issue.format}` : issue.message;
  }
}

/** The field names an object schema accepts at a path, for did-you-mean hints. */
export function knownKeysAt(schema: z.ZodType, fieldPath: readonly PropertyKey[]): string[] {
  let current: unknown = schema;
  for (const segment of [...fieldPath, undefined]) {
    current = unwrap(current);
    const def = (current as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
    if (!def) return [];
    if (segment === undefined) return def.type === 'object' ? Object.keys(def.shape as object) : [];
    if (def.type === 'object') current = (def.shape as Record<string, unknown>)[String(segment)];
    else if (def.type === 'array') current = def.element;
    else return [];
  }
  return [];
}

function unwrap(schema: unknown): unknown {
  let current = schema;
  for (let i = 0; i < 10; i++) {
    const def = (current as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
    if (!def) return current;
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch'].includes(def.type as string)) current = def.innerType;
    else if (def.type === 'pipe') current = def.in;
    else return current;
  }
  return current;
}
