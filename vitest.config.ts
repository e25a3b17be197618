import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The site imports the engine by its package name; tests run the engine's source.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  // Templates compile as the engine compiles a site's code (see src/site/code.ts), memo and all.
  oxc: { jsx: { runtime: 'automatic', importSource: 'stillsite' } },
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'tests/unit/**/*.test.{ts,tsx}',
            'tests/integration/**/*.test.{ts,tsx}',
            'tests/property/**/*.test.ts',
            'tests/security/**/*.test.{ts,tsx}',
          ],
          testTimeout: 30_000,
          // The site's code gets the engine the tests run, as the command provides it (see src/site/engine-modules.ts).
          setupFiles: ['src/provide-engine.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['src/provide-engine.ts'],
          // A browser test takes 2 to 5 s; with the unit project running beside it on two cores,
          // one took over 30 s in a full run (the header's hover test) and passed alone in 2.5 s.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file drives its own Chromium; two at a time suit a 2-core machine.
          maxWorkers: 2,
        },
      },
      // The quality gates proven able to fail, on a fixture site they build themselves (Chromium and Java).
      { test: { name: 'quality', include: ['tests/quality/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 } },
    ],
  },
});
