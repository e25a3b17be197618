import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeFingerprint, ENGINE_DIR, engineCode } from '../../src/runner/reuse/fingerprint.ts';

let work: string;
const site = { module: 'site.js', hash: 'site-code', files: [] };

function put(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'code-fingerprint-'));
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

const keyOf = async (engineDir: string) => (await codeFingerprint(site, work, engineCode(engineDir))).key;

describe('the code fingerprint', () => {
  it('watches every source of the engine this repository runs, and the lock file', () => {
    const code = engineCode();
    expect(code.folders).toEqual([ENGINE_DIR]);
    expect(code.files).toEqual([path.join(path.dirname(ENGINE_DIR), 'package-lock.json')]);
  });

  it('changes with an edit to an engine source in a checkout', async () => {
    const checkout = path.join(work, 'engine');
    put(path.join(checkout, '.git/HEAD'), 'ref: refs/heads/main\n');
    put(path.join(checkout, 'src/render/page.ts'), 'export const a = 1;\n');
    const before = await keyOf(path.join(checkout, 'src'));
    put(path.join(checkout, 'src/render/page.ts'), 'export const a = 2;\n');
    expect(await keyOf(path.join(checkout, 'src'))).not.toBe(before);
  });

  it('changes with an edit to an engine source outside node_modules, even without .git', async () => {
    const copy = path.join(work, 'engine');
    put(path.join(copy, 'src/render/page.ts'), 'export const a = 1;\n');
    const before = await keyOf(path.join(copy, 'src'));
    put(path.join(copy, 'src/render/page.ts'), 'export const a = 2;\n');
    expect(await keyOf(path.join(copy, 'src'))).not.toBe(before);
  });

  it('reads only the package file of an installed engine, and changes with its version and the lock file', async () => {
    const installed = path.join(work, 'node_modules/stillsite');
    put(path.join(installed, 'package.json'), '{"name":"stillsite","version":"1.0.0"}');
    put(path.join(installed, 'lib/render/page.js'), 'export const a = 1;\n');
    expect(engineCode(path.join(installed, 'lib'))).toEqual({ folders: [], files: [path.join(installed, 'package.json')] });
    const first = await keyOf(path.join(installed, 'lib'));
    put(path.join(installed, 'package.json'), '{"name":"stillsite","version":"1.0.1"}');
    const second = await keyOf(path.join(installed, 'lib'));
    expect(second).not.toBe(first);
    put(path.join(work, 'package-lock.json'), '{"lockfileVersion":3}');
    expect(await keyOf(path.join(installed, 'lib'))).not.toBe(second);
  });
});
