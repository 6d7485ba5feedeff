// Where a result tab came from, opened, and intersect's --keep-data switch
// have no accessibility violation in either theme.
import { test, expect } from './fixtures.js';
import { cli, violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`a result tab's provenance in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const a = cli(['R', 'encode', '-r', '0-3', '-c', '0-7', '-H', 'n[0-3]']).stdout;
    await rscope.load();
    await rscope.openTabs([['a.json', a], ['b.json', a]]);
    await rscope.combine('intersect', ['A', 'B'], { 'setops-keep-data': true });
    await expect(rscope.tab('C')).toHaveAttribute('aria-selected', 'true');
    await rscope.showProvenance();
    await expect(page.getByTestId('setops-keep-data')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
