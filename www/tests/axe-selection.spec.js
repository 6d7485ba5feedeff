// The grid's selection panel (short form, JSON, open as a tab) and the
// tooltip have no accessibility violation, in either theme.
import { test, expect } from './fixtures.js';
import { violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`a selection in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.fill({
      version: 1,
      execution: { R_lite: [{ rank: '0-1', children: { core: '0-7', gpu: '0' } }], nodelist: ['tux[3-4]'] },
    });
    await rscope.dragCells([0, 1], [1, 3]);
    await expect(rscope.selectionShort).toHaveText('rank[0-1]/core[1-3]');
    await expect(rscope.tooltip).toBeVisible();
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
