import { describe, expect, it } from 'vitest';
import { engineFile } from '../../src/engine-file.ts';

describe('engineFile', () => {
  it('finds a sibling module with the TypeScript extension when the engine runs from its source', () => {
    expect(engineFile('file:///repo/src/runner/pool.ts', './worker')).toBe('/repo/src/runner/worker.ts');
  });

  it('finds it with the JavaScript extension when the engine runs from the compiled package', () => {
    expect(engineFile('file:///app/node_modules/stillsite/lib/assets/bundle.js', '../client/main')).toBe(
      '/app/node_modules/stillsite/lib/client/main.js',
    );
  });
});
