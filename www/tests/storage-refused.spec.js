// A browser that refuses storage (no IndexedDB, local storage refused, as in
// some private windows): the page says what is not kept and what to do.
import { test, expect } from './fixtures.js';

test('refused storage is said on the page', async ({ page, rscope, problems }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', { get: () => undefined, configurable: true });
    Storage.prototype.setItem = () => { throw new DOMException('refused', 'QuotaExceededError'); };
  });
  await rscope.load();
  await rscope.fill('{"version":1,"execution":{"R_lite":[]}}');
  await expect(rscope.notKept).toHaveText(
    'not kept for your next visit: A untitled. The browser refused to store them (this browser has no IndexedDB; a private window may turn it off). Copy your work into a file before you close or reload this page',
  );
  await expect(rscope.notKept).toHaveAttribute('role', 'alert');
  expect(problems).toEqual([]);
});
