import { defineConfig } from 'vitest/config';

const sourceConditions = ['keel-source'];

export default defineConfig({
  resolve: { conditions: sourceConditions },
  ssr: { resolve: { conditions: sourceConditions } },
  test: {
    // PGlite runs inside the worker's thread, so files are CPU-bound: on this 2-core machine the default (cores - 1)
    // leaves a core idle; two workers cut the embedded pass by a quarter.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
          // Pure functions: nothing to isolate, and re-importing the contract per file is most of its time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // Each file builds its own app on its own database, and no server test mocks a module or a global:
          // files share a worker's imports instead of loading the server again each (about 40% of the CPU).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test-setup.ts'],
        },
      },
    ],
  },
});
