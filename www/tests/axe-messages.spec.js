// The page's messages have no accessibility violation in either theme: a
// squiggle's explanation on hover, and a load failure in the status line.
import { test, expect } from './fixtures.js';
import { violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`a squiggle's tip in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.fill('{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "3-1"}}]}}');
    await expect(rscope.squiggles('error')).toHaveText(['3-1']);
    await rscope.hoverText('3-1');
    await expect(rscope.squiggleTip).toHaveText("error: invalid 'core' id set: reversed range '3-1'");
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test(`a load failure in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load('/?url=static/examples/missing.json');
    await expect(rscope.status).toContainText('cannot load static/examples/missing.json');
    expect(await violations(page)).toEqual([]);
    // The only problems are the 404 the test asked for.
    expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
  });
}
