// A document far larger than local storage holds (about 5 MB) survives a
// reload.
import { test, expect } from './fixtures.js';

test('a 16 MiB document survives a reload', async ({ page, rscope, problems }) => {
  const r = '{"version":1,"execution":{"R_lite":[{"rank":"0-3","children":{"core":"0-5"}}]}}';
  // Valid JSON: the R, then 16 MiB of blank lines.
  const doc = `${r}${'\n'.repeat(16 << 20)}`;
  await rscope.load();
  await rscope.drop('big.json', doc);
  await expect(rscope.summary('cores')).toHaveText('24', { timeout: 30_000 });
  await rscope.saved(`${r}\n\n`);
  await page.reload();
  // 16 MiB read back from IndexedDB and analysed again: on a loaded
  // machine that takes longer than the default five seconds.
  const slow = { timeout: 30_000 };
  await expect(rscope.tab('A')).toHaveText('A big.json', slow);
  await expect(rscope.summary('cores')).toHaveText('24', slow);
  await expect(rscope.notKept).toHaveCount(0);
  expect(problems).toEqual([]);
});
