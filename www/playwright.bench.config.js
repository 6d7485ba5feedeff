// Benchmarks of the page, kept out of the pass/fail suite: `npm run bench`
// (or `make bench-page`) prints the figures. Same server and browser as the
// end-to-end specs.
import base from './playwright.config.js';

export default {
  ...base,
  testDir: './bench',
  testMatch: '**/*.bench.js',
  timeout: 180_000,
  workers: 1,
};
