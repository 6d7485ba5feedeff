// A full storage quota: the page says which documents are not kept.
import { test, expect } from './fixtures.js';

test('a full quota is said on the page', async ({ page, rscope, problems }) => {
  await page.addInitScript(() => {
    IDBObjectStore.prototype.put = () => { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
  });
  await rscope.load();
  await rscope.fill('{"version":1,"execution":{"R_lite":[]}}');
  await expect(rscope.notKept).toContainText('not kept for your next visit: A untitled. The browser refused to store them (');
  await expect(rscope.notKept).toContainText('quota');
  await expect(rscope.notKept).toContainText('Copy your work into a file before you close or reload this page');
  expect(problems).toEqual([]);
});
