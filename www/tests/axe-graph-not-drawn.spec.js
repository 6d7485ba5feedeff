// The Graph section that says why a large set has no tree has no
// accessibility violation, in either theme.
import { test, expect } from './fixtures.js';
import { violations } from './rscope.js';

const DOC = '{"version":1,"execution":{"R_lite":[{"rank":"0-99999","children":{"core":"0-3"}}]}}';

for (const scheme of ['light', 'dark']) {
  test(`the graph-not-drawn notice in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.fill(DOC);
    await expect(rscope.graphNotDrawn).toContainText('500 001 vertices');
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
