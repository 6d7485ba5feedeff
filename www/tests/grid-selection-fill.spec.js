// A selection fills its cells, not only rings them, in both themes.
import { test, expect } from './fixtures.js';

const FOUR = {
  version: 1,
  execution: { R_lite: [{ rank: '0-3', children: { core: '0-7' } }], nodelist: ['n[0-3]'] },
};

for (const colorScheme of ['light', 'dark']) {
  test(`selected cells are filled (${colorScheme})`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme });
    await rscope.load();
    await rscope.fill(FOUR);
    await expect(rscope.grid).toBeVisible();
    await expect.poll(() => rscope.cellColor(1, 3).then((c) => c[3])).toBe(255);
    const plain = await rscope.cellColor(1, 3);
    await rscope.dragCells([1, 2], [2, 4]);
    await expect(rscope.selectionShort).toHaveText('rank[1-2]/core[2-4]');
    // The middle of a selected cell changes colour; a cell outside does not.
    await expect.poll(() => rscope.cellColor(1, 3)).not.toEqual(plain);
    expect(await rscope.cellColor(0, 3)).toEqual(plain);
    expect(problems).toEqual([]);
  });
}
