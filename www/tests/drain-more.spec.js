// A long drain table draws fifty rows, and shows the rest when asked.
import { test, expect } from './fixtures.js';

const nodes = 60;
const payload = {
  R: { version: 1, execution: { R_lite: [{ rank: `0-${nodes - 1}`, children: { core: '0-3' } }], nodelist: [`n[0-${nodes - 1}]`] } },
  online: `0-${nodes - 1}`, offline: '', exclude: '', torpid: '',
  drain: Object.fromEntries([...Array(nodes).keys()].map((r) => [String(r), { timestamp: 1700000000 + r, reason: `reason ${r}` }])),
};

test('a long drain table shows more rows on request', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(payload);
  await expect(rscope.drainRows).toHaveCount(50);
  await rscope.drains.page().getByRole('button', { name: 'Show 10 more of 60 rows' }).click();
  await expect(rscope.drainRows).toHaveCount(60);
  await expect(rscope.drainRows.last().locator('td').nth(4)).toHaveText('reason 59');
  expect(problems).toEqual([]);
});
