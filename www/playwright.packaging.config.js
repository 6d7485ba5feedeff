// The packaging routes in Chromium: a Sphinx project that uses the
// `.. rscope::` directive (sphinx-rscope/tests/site, built with -W) and a
// page that imports the npm tarball installed in a folder of its own. The
// global set-up builds both into target/packaging-site/ from the built
// bundles (scripts/build.sh); a plain static server serves that folder.
import { defineConfig } from '@playwright/test';
import base from './playwright.config.js';

const port = Number(process.env.RSCOPE_E2E_PORT || 8181);

export default defineConfig({
  ...base,
  testDir: './packaging',
  globalSetup: './packaging/setup.js',
  use: { ...base.use, baseURL: `http://127.0.0.1:${port}` },
  webServer: {
    command: `node packaging/serve-dir.mjs ../target/packaging-site --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 20_000,
  },
});
