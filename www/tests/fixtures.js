// Shared test fixture: every page records console errors, page errors and
// failed requests, and each spec asserts there were none.
import { test as base, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';

export const test = base.extend({
  problems: async ({ page }, use) => {
    const problems = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console ${msg.type()}: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`));
    page.on('response', (res) => {
      if (res.status() >= 400) problems.push(`http ${res.status()}: ${res.url()}`);
    });
    await use(problems);
  },
});

/** Read a file under ../shared (specs and samples are read in place). */
export function shared(rel) {
  return readFileSync(new URL(`../../../shared/${rel}`, import.meta.url), 'utf8');
}

export { expect };
