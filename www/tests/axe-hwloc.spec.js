// The topology panel, with its R and the grid and tree drawn from it, has
// no accessibility violation, in either theme.
import { test, expect } from './fixtures.js';
import { topology, violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`the topology panel in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.drop('amd.xml', topology('amd-partitions.xml'), 'header');
    await expect(rscope.hwlocR).toContainText('"gpu": "0-3"');
    await expect(rscope.treeRows.first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
