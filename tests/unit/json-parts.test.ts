import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mapped, writeJsonParts } from '../../src/runner/reuse/json-parts.ts';
import { loadState, saveState, type BuildState } from '../../src/runner/reuse/state.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'json-parts-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/**
 * The build's state is written as JSON a part at a time (88 MB of it at 40 locales × 1,000
 * pages), never as one string: what is written is what `JSON.stringify` writes, and it reads back.
 */
describe('writeJsonParts', () => {
  it('writes what JSON.stringify writes, lists made as they are written, a late list after the parts that fill it', async () => {
    const seen: string[] = [];
    const parts = [
      ['format', 4],
      ['absent', undefined],
      ['list', mapped(['a', 'b"', 'ü'], (text) => (seen.push(text), [text, text.length]))],
      ['holes', [1, undefined, 'x']],
      ['seen', () => seen],
      ['empty', mapped([], (x) => x)],
      ['nested', { a: [1, { b: null }] }],
    ] as const;
    const file = path.join(work, 'parts.json');
    await writeJsonParts(file, parts as never);
    expect(fs.readFileSync(file, 'utf8')).toBe(
      JSON.stringify({
        format: 4,
        absent: undefined,
        list: [
          ['a', 1],
          ['b"', 2],
          ['ü', 1],
        ],
        holes: [1, undefined, 'x'],
        seen: ['a', 'b"', 'ü'],
        empty: [],
        nested: { a: [1, { b: null }] },
      }),
    );
  });

  it('leaves a build state that reads back as it was', async () => {
    const analysis = {
      links: { ids: new Set(['top']), links: [{ where: '<a href>', url: '/b/' }] },
      inline: { scripts: [], styles: ['h1'], blocked: [] },
    };
    const state: BuildState = {
      key: 'k',
      entriesKey: 'e',
      entries: new Map(),
      entryHashes: new Map([['/a/', 'h']]),
      facts: new Map([['fact:1', 'f1']]),
      derived: new Map([['d', ['fact:1']]]),
      pages: new Map([['a/index.html', { route: 'r', deps: ['fact:1'], analysis }]]),
      files: new Map([['a/index.html', { hash: 'x', stamp: 's' }]]),
    };
    const file = path.join(work, 'state.json');
    await saveState(file, state);
    const read = (await loadState(file))!;
    expect([...read.facts]).toEqual([['fact:1', 'f1']]);
    expect([...read.derived]).toEqual([['d', ['fact:1']]]);
    const page = read.pages.get('a/index.html')!;
    expect([page.route, page.deps, page.analysis.links, page.analysis.inline]).toEqual(['r', ['fact:1'], analysis.links, analysis.inline]);
    expect([...read.files]).toEqual([['a/index.html', { hash: 'x', stamp: 's' }]]);
  });
});
