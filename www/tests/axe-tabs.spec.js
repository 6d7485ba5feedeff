// Two open tabs, with the grid coloured by membership in the other one and
// the colour menu's explanation shown, have no accessibility violation in
// either theme.
import { test, expect } from './fixtures.js';
import { violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`two tabs in the ${scheme} theme have no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.fill('not json');
    await rscope.pickExample('The RFC 20 example — 4 nodes with 48 cores and 8 GPUs each');
    await expect(rscope.tab('B')).toHaveAttribute('aria-selected', 'true');
    await rscope.colorCellsBy({ label: 'also in tab A (untitled)' });
    await expect(rscope.memberProblem).toContainText('tab A has no resources');
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
