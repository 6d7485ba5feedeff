// The set workbench, with a refusal shown and the filter fields open, has
// no accessibility violation in either theme.
import { test, expect } from './fixtures.js';
import { fixture, violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`the set workbench in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.openTabs([['gpu.json', fixture('r/gpu-cluster.json')]]);
    await rscope.combineByExpression('A -');
    await expect(rscope.setopsSpan).toBeVisible();
    await page.getByTestId('setops-op').selectOption('filter');
    await expect(page.getByTestId('setops-include')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
