import { describe, expect, it } from 'vitest';
import { computeFields, datesOf, readDraft } from '../../src/content/entry-fields.ts';
import { parseSource } from '../../src/content/parse.ts';

const parse = (text: string, relative = 'posts/a.md') => parseSource({ file: `/content/${relative}`, relative, text }).parsed!;

describe('datesOf', () => {
  it.each([
    [{ date: '2026-01-02' }, { published: 'date' }, { published: '2026-01-02' }],
    [
      { date: '2026-01-02', updated: '2026-02-01' },
      { published: 'date', updated: 'updated' },
      { published: '2026-01-02', updated: '2026-02-01' },
    ],
    // The engine reads no field of its own choosing: createdDate means nothing unless named.
    [{ createdDate: '2026-01-02' }, { published: 'date' }, undefined],
    [{ createdDate: '2026-01-02' }, undefined, undefined],
    [{ when: new Date('2026-01-02T10:00:00Z') }, { published: 'when' }, { published: '2026-01-02T10:00:00.000Z' }],
  ])('reads %j with the fields %j as %j', (data, fields, expected) => {
    expect(datesOf(data, fields)).toEqual(expected);
  });
});

describe('readDraft', () => {
  it.each([
    ['draft: true', true],
    ['draft: false', false],
    ['title: x', false],
  ])('reads %s as %s', (line, draft) => {
    expect(readDraft(parse(`---\n${line}\n---\nBody`))).toEqual({ draft });
  });

  it('reports a draft field that is no boolean at its line', () => {
    const { diagnostic } = readDraft(parse('---\ntitle: x\ndraft: yes\n---\nBody'));
    expect(diagnostic).toMatchObject({ code: 'invalid-type', line: 3, field: 'draft', expected: 'true or false', actual: '"yes"' });
  });
});

describe('computeFields', () => {
  const computed = {
    title: ({ body }: { body: string }) => /^# (.+)$/m.exec(body)?.[1],
    slugLength: ({ path }: { path: string }) => path.length,
  };

  it('fills in what the front matter leaves out, and leaves out draft', () => {
    const { data, names, diagnostics } = computeFields(parse('---\ndraft: true\n---\n# From the heading\n'), { computed }, '/posts/a');
    expect(diagnostics).toEqual([]);
    expect(data).toEqual({ title: 'From the heading', slugLength: 10 });
    expect([...names]).toEqual(['title', 'slugLength']);
  });

  it('keeps what the front matter sets', () => {
    expect(computeFields(parse('---\ntitle: Written\n---\n# Heading\n'), { computed }, '/posts/a').data.title).toBe('Written');
  });

  it('leaves out a field computed as undefined, so the schema reports it missing', () => {
    expect(computeFields(parse('---\n---\nNo heading\n'), { computed }, '/posts/a').data).not.toHaveProperty('title');
  });

  it('reports a computing function that throws, naming the field', () => {
    const { diagnostics } = computeFields(
      parse('---\n---\nx\n'),
      {
        computed: {
          title: () => {
            throw new Error('no');
          },
        },
      },
      '/posts/a',
    );
    expect(diagnostics).toMatchObject([
      { code: 'computed-field-failed', field: 'title', message: "The collection's computed.title threw: no" },
    ]);
  });
});
