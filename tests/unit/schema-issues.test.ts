import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues } from '../../src/content/schema-issues.ts';
import { formatField } from '../../src/diagnostics/diagnostics.ts';

const tag = z.enum(['css', 'react', 'node']);
const schema = z.strictObject({ tags: z.union([tag, z.array(tag)]) });

/** The issues of `data` against the schema, as `field: expected, found [code]`, with the hint. */
function described(data: unknown) {
  const result = schema.safeParse(data, { reportInput: true });
  return describeIssues(result.error!.issues, schema).map(({ facts, fieldPath }) => ({
    field: formatField(fieldPath),
    code: facts.code,
    expected: facts.expected,
    actual: facts.actual,
    hint: facts.hint,
  }));
}

describe('a field that may take several forms (a union)', () => {
  it('reports a mistake inside the form the value has, at its index, with the allowed values', () => {
    expect(described({ tags: ['css', 'reakt'] })).toEqual([
      { field: 'tags[1]', code: 'invalid-value', expected: 'one of css, react, node', actual: '"reakt"', hint: 'did you mean "react"?' },
    ]);
  });

  it('names every allowed form when the value has none of their shapes', () => {
    expect(described({ tags: 5 })).toEqual([
      { field: 'tags', code: 'invalid-type', expected: 'one of css, react, node or a list', actual: '5', hint: undefined },
    ]);
  });
});
