/**
 * Jest runs the TypeScript sources as native ES modules through SWC (package.json has "type": "module";
 * PGlite and jose need real ESM, see stack.md traps 3-5). `npm run test:jest` sets --experimental-vm-modules.
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
      experimental: { keepImportAttributes: true },
    },
    module: { type: 'es6' },
  },
];
// ESM-only packages that CommonJS dependencies require() (e.g. @fastify/static -> content-disposition):
// jest on Node 20 cannot require ESM, so these few are compiled to CommonJS.
const requiredEsm = ['content-disposition', 'cookie'];
const swcToCommonJs = [swc[0], { ...swc[1], module: { type: 'commonjs' } }];
const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    [`/node_modules/(${requiredEsm.join('|')})/.+\\.js$`]: swcToCommonJs,
    '^.+\\.tsx?$': swc,
  },
  transformIgnorePatterns: [`/node_modules/(?!(${requiredEsm.join('|')})/)`],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};

module.exports = {
  testTimeout: 60000,
  // Three test files at a time on this 2-core machine (jest's default would be one): much of a file's time is spent
  // waiting on a database, an HTTP server, Chromium, a timer or a child process. Measured on the whole suite: 894 s
  // with three (1.35 cores busy on average) instead of 1,198 s with two, and 12.5 min once with one; later, with
  // 207 files, four took 1,204 s against three's 1,217 s: no gain, the cores are busy by then. A browser test
  // that a busy machine makes miss a wait runs again once (browserTestSetup.ts).
  maxWorkers: 3,
  // A worker is replaced by a new one once its heap is over 400 MB after a file. Jest keeps each finished file's ES
  // modules alive in its worker (about 10 MB a file), so without it a worker's heap grows to over 1.5 GB in a whole
  // run, and V8's major collections, which mark all of it, took as much CPU as the tests in the run's second half.
  // Measured on the server and client projects (204 files): 830 s and 24.7 CPU-minutes without, 623 s and 18.4 with.
  workerIdleMemoryLimit: '400MB',
  // The longest files first, with the committed durations where this machine has none (testSequencer.mjs).
  testSequencer: '<rootDir>/__tests__/helpers/testSequencer.mjs',
  // The default report, then the slowest tests and files (__tests__/helpers/slowTestsReporter.mjs).
  reporters: ['default', '<rootDir>/__tests__/helpers/slowTestsReporter.mjs'],
  globalSetup: '<rootDir>/__tests__/helpers/globalSetup.mjs',
  globalTeardown: '<rootDir>/__tests__/helpers/globalTeardown.mjs',
  projects: [
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/server/**/*.test.ts', '<rootDir>/__tests__/shared/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'client',
      testEnvironment: 'jsdom',
      setupFilesAfterEnv: ['<rootDir>/__tests__/helpers/jsdomSetup.ts'],
      testMatch: ['<rootDir>/__tests__/client/**/*.test.ts?(x)'],
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: '<rootDir>/__tests__/helpers/browserTestEnvironment.mjs',
      setupFilesAfterEnv: ['<rootDir>/__tests__/helpers/browserTestSetup.ts'],
      testMatch: ['<rootDir>/__tests__/e2e/**/*.test.ts'],
    },
  ],
};
