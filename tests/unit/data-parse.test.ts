import { beforeAll, describe, expect, it } from 'vitest';
import { jsonKeyLines, nestingDepth, loadDataParsers, readDataFile } from '../../src/content/data-parse.ts';

beforeAll(() => loadDataParsers(['data.csv', 'data.toml']));

const read = (relative: string, text: string) => readDataFile({ file: `/site/content/${relative}`, relative, text });
const only = (relative: string, text: string) => {
  const { diagnostics } = read(relative, text);
  expect(diagnostics).toHaveLength(1);
  return diagnostics[0]!;
};

describe('readDataFile', () => {
  it('reads an object file as one entry and a list file as one per item', () => {
    expect(read('a.json', '{"title": "A"}')).toMatchObject({ list: false, records: [{ data: { title: 'A' } }], diagnostics: [] });
    const list = read('a.yaml', '- id: a\n- id: b\n');
    expect(list.list).toBe(true);
    expect(list.records.map((record) => record.data)).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(read('a.toml', 'title = "A"\n').records[0]!.data).toEqual({ title: 'A' });
    expect(read('a.csv', 'id,title\na,A\nb,\n').records.map((record) => record.data)).toEqual([{ id: 'a', title: 'A' }, { id: 'b' }]);
  });

  it('locates a field of a JSON list item at its line and column', () => {
    const { records } = read('team.json', '[\n  { "id": "a" },\n  {\n    "id": "b",\n    "role": 12\n  }\n]\n');
    expect(records[1]!.locate(['role'])).toEqual({ line: 5, column: 13 });
    // A missing field points at the item it is missing from.
    expect(records[1]!.locate(['title'])).toEqual({ line: 3, column: 3 });
  });

  it('locates a field of a YAML list item, and of a nested value', () => {
    const { records } = read('team.yaml', '- id: a\n- id: b\n  links:\n    - url: x\n');
    expect(records[1]!.locate(['links', 0, 'url'])).toEqual({ line: 4, column: 12 });
  });

  it('locates a CSV cell at its row and the column of its field', () => {
    const { records } = read('p.csv', 'sku,title,price\nk,Kettle,39\nt,Toaster,cheap\n');
    expect(records[1]!.locate(['price'])).toEqual({ line: 3, column: 3 });
  });

  it('locates a TOML key at its line', () => {
    const { records } = read('c.toml', '# contact\ntitle = "C"\n  email = 3\n');
    expect(records[0]!.locate(['email'])).toEqual({ line: 3, column: 3 });
  });

  it('reports syntax errors of each format at their line and column', () => {
    expect(only('a.json', '{\n  "title": "A"\n  "x": 1\n}\n')).toMatchObject({
      code: 'data-syntax',
      line: 3,
      column: 3,
      // JSON's own words, V8's, not those of the YAML reader that locates keys.
      message: "The JSON file cannot be read: Expected ',' or '}' after property value",
    });
    // A trailing comma is YAML but not JSON: V8's own message says where.
    expect(only('a.json', '{\n  "title": "A",\n}')).toMatchObject({ code: 'data-syntax', line: 3, column: 1 });
    expect(only('a.yaml', 'title: A\ntitle: B\n')).toMatchObject({ code: 'data-syntax', line: 2, column: 1 });
    expect(only('a.toml', 'title = "A"\ndescription = \n')).toMatchObject({ code: 'data-syntax', line: 2, column: 15 });
    expect(only('a.csv', 'id,title\na,A\nb,B,extra\n')).toMatchObject({ code: 'data-syntax', line: 3 });
  });

  it('refuses a top level that is no set of fields or list of them, and list items that are not sets of fields', () => {
    expect(only('a.json', '"text"').message).toContain('its top level is a text');
    expect(only('a.yaml', '- id: a\n- plain\n')).toMatchObject({ code: 'data-syntax', line: 2, column: 3 });
  });

  it('refuses data nested deeper than the limit, before anything walks it', () => {
    const deep = `${'['.repeat(150)}${']'.repeat(150)}`;
    expect(only('a.json', `{"a": ${deep}}`).message).toContain('nests more than 100 levels');
    expect(only('a.yaml', `a: ${deep}\n`).message).toContain('nests more than 100 levels');
  });
});

describe('nestingDepth', () => {
  it('counts levels of objects and lists, and stops counting past the limit', () => {
    expect(nestingDepth('x')).toBe(0);
    expect(nestingDepth({ a: [{ b: 1 }] })).toBe(3);
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(nestingDepth(deep)).toBe(101);
  });
});

describe('jsonKeyLines', () => {
  it('finds the line of a field of each item, skipping strings, nested objects and items without it', () => {
    const text =
      '[\n  { "id": "a", "note": "x \\" body\\": y", "inner": { "body": 1 },\n    "body": "A" },\n  { "id": "b" },\n  {\n    "body":\n "C" }\n]';
    expect(jsonKeyLines(text, true, 'body')).toEqual(
      new Map([
        [0, 3],
        [2, 6],
      ]),
    );
    expect(jsonKeyLines('{\n "title": "x",\n "body": "y"\n}', false, 'body')).toEqual(new Map([[0, 3]]));
  });

  it('gives each JSON entry the line of its body field without parsing the file again', () => {
    const { records } = read('a.json', '[\n  {\n    "id": "a",\n    "body": "Hello"\n  }\n]\n');
    expect(records[0]!.lineOf!('body')).toBe(4);
    expect(records[0]!.lineOf!('body')).toBe(records[0]!.locate(['body']).line);
  });
});
