// The graph tree, with a closed vertex opened and the focus in it, has no
// accessibility violation, in either theme.
import { test, expect } from './fixtures.js';
import { violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`the opened tree in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load('/?url=static/examples/busy-cluster.json');
    await expect(rscope.treeRows.first()).toHaveText(/^▾cluster0 /);
    // Close the cluster, then open it again from the keyboard.
    await rscope.tree.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(rscope.treeRows).toHaveCount(1);
    await page.keyboard.press('ArrowRight');
    await expect(rscope.treeRows.nth(1)).toHaveAttribute('aria-expanded', /true|false/);
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
