import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectPlaces, sourceOverlap } from '../../src/cli/source-guard.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-sources-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
fs.mkdirSync(path.join(root, 'content/posts'), { recursive: true });
fs.symlinkSync(path.join(root, 'content'), path.join(root, 'words'));
const places = projectPlaces(root, path.join(root, 'content'));
const overlap = (out: string) => sourceOverlap(path.resolve(root, out), places);

describe('an output folder that overlaps a source', () => {
  it.each([
    ['.', 'is the project root'],
    ['..', 'contains the project root'],
    ['content', 'is the content folder'],
    ['content/dist', 'is inside the content folder'],
    ['content/posts', 'is inside the content folder'],
    ['words/dist', 'is inside the content folder'],
    ['.site-cache/out', 'is inside the build cache'],
    ['node_modules', 'is node_modules'],
  ])('--out %s %s', (out, relation) => {
    expect(overlap(out)).toContain(`${relation}`);
    expect(overlap(out)).toContain('[output-overlaps-source]');
  });

  it.each(['dist', 'build/site', '../elsewhere'])('--out %s is a folder of its own', (out) => {
    expect(overlap(out)).toBeUndefined();
  });
});
