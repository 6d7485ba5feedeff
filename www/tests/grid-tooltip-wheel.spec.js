// The tooltip follows the pointer when the wheel scrolls the rows under a
// still pointer: it names the cell under the pointer now, not the old one.
import { test, expect } from './fixtures.js';

const HUNDRED = {
  version: 1,
  execution: { R_lite: [{ rank: '0-99', children: { core: '0-7' } }], nodelist: ['n[0-99]'] },
};

test('a wheel scroll updates the tooltip', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(HUNDRED);
  await expect(rscope.gridShape).toHaveText('100 nodes × 8 columns');
  const point = await rscope.cellPoint(0, 2);
  await rscope.hoverCell(0, 2);
  await expect(rscope.tooltip).toHaveText('n0 rank 0 — core 2');
  await rscope.wheel(200);
  await expect.poll(() => rscope.grid.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
  await expect.poll(async () => {
    const [row] = await rscope.cellUnder(point);
    return (await rscope.tooltip.textContent()) === `n${row} rank ${row} — core 2` && row > 0;
  }).toBe(true);
  expect(problems).toEqual([]);
});
