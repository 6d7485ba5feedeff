// On a device with memory to spare the page opens documents beyond its
// least limit (64 MiB): a 70 MiB R opens in a tab of its own and is
// analysed.
import { test, expect } from './fixtures.js';

test('a 70 MiB file opens on a device with 8 GiB', async ({ page, rscope, problems }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'deviceMemory', { get: () => 8, configurable: true });
  });
  await rscope.load();
  const r = '{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-7"}}], "nodelist": ["big[0-3]"]}}';
  // Blanks after the document: a 70 MiB text that is still one R.
  await rscope.openFile('big.json', r + ' '.repeat((70 << 20) - r.length));
  await expect(rscope.tab('A')).toHaveText('A big.json');
  await expect(rscope.summary('nodes')).toHaveText('4', { timeout: 30_000 });
  await expect(rscope.summary('cores')).toHaveText('32');
  await expect(rscope.status).not.toContainText('MiB');
  expect(problems).toEqual([]);
});
