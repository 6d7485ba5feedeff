// The selection's R as JSON, opened, has no accessibility violation in
// either theme, even when it is long enough to scroll.
import { test, expect } from './fixtures.js';
import { violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`a long selection's JSON in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load('/?url=static/examples/busy-cluster.json');
    await rscope.dragCells([0, 0], [40, 20]);
    await expect(rscope.selectionShort).toBeVisible();
    await page.getByText('R as JSON').click();
    await expect(rscope.selectionJson).toBeVisible();
    // All of it, not only its head: long enough that its box (the <pre>
    // around the text) scrolls.
    await page.getByRole('button', { name: "Show all of the selection's R" }).click();
    await expect(page.getByRole('button', { name: "Show all of the selection's R" })).toHaveCount(0);
    expect(await rscope.selectionJson.evaluate((el) => {
      const box = el.closest('pre');
      return box.scrollHeight > box.clientHeight;
    })).toBe(true);
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
