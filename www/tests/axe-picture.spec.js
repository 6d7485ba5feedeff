// The picture, zoomed with a find marked, has no accessibility violation
// in either theme.
import { test, expect } from './fixtures.js';
import { violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`the picture in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.pickExample('With a JGF graph — an R whose scheduling key holds the Fluxion graph');
    await expect(rscope.picture).toHaveAttribute('data-boxes', '7');
    await rscope.findInPicture('type=core');
    await rscope.pressPicture('ArrowDown', 'Enter');
    await expect(rscope.pictureCrumbs).toHaveText(['whole graph', 'cluster0', 'node0']);
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
