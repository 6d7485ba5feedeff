// The shape panel, with an error shown and a fit answered, has no
// accessibility violation, in either theme.
import { test, expect } from './fixtures.js';
import { violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`the shape panel in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load('/?url=static/examples/laptop.json');
    await expect(rscope.grid).toBeVisible(); // the document has arrived
    await rscope.typeShape('slot=2/core=2');
    await rscope.fitShape('worst');
    await expect(rscope.fitAnswer).toHaveAttribute('data-status', 'now');
    await rscope.typeShape('slot/');
    await expect(rscope.shapeSquiggle).toBeVisible();
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
