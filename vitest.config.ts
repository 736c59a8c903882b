import { defineConfig } from 'vitest/config';

// One test run for the whole repository. Workspaces keep their tests beside the code (x.test.ts);
// browser flows live in e2e/ and drive Debian's Chromium.
export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // expect.poll waits for a condition (a state shown, a row stored); its 1 s default is too short
    // while another process keeps both cores busy. A poll still ends the moment its condition holds.
    expect: { poll: { timeout: 30_000 } },
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{packages,apps}/*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          // A worker keeps its loaded modules from one test file to the next instead of loading the
          // server's whole module graph again for each file (a third of the run's time). Every test
          // file builds its own platform, database and clock, so nothing is shared but code.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // A browser flow signs in, builds products and pages and waits on live values: on a slow
          // 2-core machine running the unit project beside it, one flow can take more than a minute.
          // Each step still waits on its own condition, so a stuck flow fails at that step.
          testTimeout: 180_000,
        },
      },
    ],
  },
});
