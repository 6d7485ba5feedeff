// Shared test fixture: every page records console errors, page errors and
// failed requests, and each spec asserts there were none; `rscope` is the
// page object (rscope.js) that drives the page.
import { test as base, expect } from '@playwright/test';
import { Rscope } from './rscope.js';

export const test = base.extend({
  problems: async ({ page }, use) => {
    const problems = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console ${msg.type()}: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('requestfailed', (req) => {
      // An aborted request is a navigation's doing (a reload while the
      // analysis worker is still loading pkg/), not a failure of the page.
      if (req.failure()?.errorText === 'net::ERR_ABORTED') return;
      problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`);
    });
    page.on('response', (res) => {
      if (res.status() >= 400) problems.push(`http ${res.status()}: ${res.url()}`);
    });
    await use(problems);
  },
  rscope: async ({ page }, use) => {
    await use(new Rscope(page));
  },
});

export { expect };
export { Rscope, example } from './rscope.js';
