// The differential tier: generated cases (www/differential/generate.js,
// seeded; RSCOPE_DIFF_SEED picks another seed) put to the native CLI and
// to window.rscope in the built page, which must answer identically. Each
// spec loads the page once and runs its cases in bulk. Its own port, so it
// can run beside the end-to-end tier.
//   npx playwright test --config playwright.differential.config.js
import base from './playwright.config.js';

const port = Number(process.env.RSCOPE_DIFF_PORT || 8191);

export default {
  ...base,
  testDir: './differential',
  // Hundreds of CLI runs per spec on a busy 2-core machine; well under a
  // minute on a quiet one.
  timeout: 120_000,
  // No retry: the cases are the same on every run, so a retry could only
  // fail again, twice as slowly.
  retries: 0,
  use: { ...base.use, baseURL: `http://127.0.0.1:${port}` },
  webServer: { ...base.webServer, command: `node serve.mjs --port ${port}`, url: `http://127.0.0.1:${port}/` },
};
