import { describe, expect, it } from 'vitest';
import { mergePackageJson, packageName, type StarterPackage } from '../../src/init/package-json.ts';

const starter: StarterPackage = {
  name: 'my-site',
  scripts: { dev: 'site serve', build: 'site build', check: 'tsc' },
  dependencies: { stillsite: '^0.1.0', react: '^19.3.1', 'react-dom': '^19.3.1' },
  devDependencies: { typescript: '^7.0.2' },
};

describe('mergePackageJson', () => {
  it('writes a whole package.json for a folder without one', () => {
    const { json, notes } = mergePackageJson(undefined, starter);
    const { name, ...rest } = starter;
    expect(json).toEqual({ name, version: '0.1.0', private: true, type: 'module', ...rest });
    expect(notes).toEqual([]);
  });

  it('keeps every field of the one there, in order, and adds what the site needs after them', () => {
    const existing = {
      name: 'blog',
      version: '2.0.0',
      license: 'MIT',
      scripts: { test: 'vitest' },
      dependencies: { stillsite: 'file:../stillsite-0.1.0.tgz' },
    };
    const { json } = mergePackageJson(existing, starter);
    expect(Object.keys(json)).toEqual(['name', 'version', 'license', 'scripts', 'dependencies', 'type', 'devDependencies']);
    expect(json).toMatchObject({ name: 'blog', version: '2.0.0', license: 'MIT', type: 'module' });
    expect(json.scripts).toEqual({ test: 'vitest', ...starter.scripts });
    // The engine it was installed from stays; only the missing React is added.
    expect(json.dependencies).toEqual({ stillsite: 'file:../stillsite-0.1.0.tgz', react: '^19.3.1', 'react-dom': '^19.3.1' });
  });

  it('leaves a script it already has alone, and says so', () => {
    const { json, notes } = mergePackageJson({ type: 'module', scripts: { build: 'make' } }, starter);
    expect((json.scripts as Record<string, string>).build).toBe('make');
    expect(notes).toEqual(['package.json: kept your "build" script; the starter\'s is "site build".']);
  });

  it('does not add a dependency the package already has as a dev dependency', () => {
    const { json } = mergePackageJson({ devDependencies: { stillsite: '^0.1.0', typescript: '^6.0.0' } }, starter);
    expect(json.dependencies).toEqual({ react: '^19.3.1', 'react-dom': '^19.3.1' });
    expect(json.devDependencies).toEqual({ stillsite: '^0.1.0', typescript: '^6.0.0' });
  });

  it('makes the package an ES module one, noting a "commonjs" it replaced (npm init -y writes it)', () => {
    expect(mergePackageJson({ type: 'commonjs' }, starter)).toMatchObject({
      json: { type: 'module' },
      notes: ['package.json: "type" changed from "commonjs" to "module".'],
    });
    expect(mergePackageJson({}, starter)).toMatchObject({ json: { type: 'module' }, notes: [] });
  });
});

describe('packageName', () => {
  it.each([
    ['my-blog', 'my-blog'],
    ['My Blog', 'my-blog'],
    ['.hidden site!', 'hidden-site'],
    ['###', 'my-site'],
  ])('%j → %j', (folder, name) => expect(packageName(folder)).toBe(name));
});
