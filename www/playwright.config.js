// End-to-end specs against the built site (index.html, pkg/, static/) served
// on loopback by the same static server `make serve` uses. They read only
// the repository (static/examples, scripts/), so they pass in any clone; the
// specs over the Flux corpus in ../shared are playwright.corpus.config.js.
import { defineConfig } from '@playwright/test';

const port = Number(process.env.RSCOPE_E2E_PORT || 8181);

export const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: './tests',
  testMatch: '**/*.spec.js',
  timeout: 30_000,
  // One retry: a spec that fails and then passes is reported as flaky
  // (scripts/test.sh repeats its name at the end), so a race is seen and
  // mended without one busy moment of a shared CI machine failing the run.
  // A spec that fails twice fails the tier.
  retries: 1,
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    launchOptions: chromium,
  },
  webServer: {
    command: `node serve.mjs --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 20_000,
  },
});
