// Where a result tab came from survives a reload: it is stored with the tab.
import { test, expect } from './fixtures.js';
import { cli } from './rscope.js';

test('provenance is kept across a reload', async ({ page, rscope, problems }) => {
  const a = cli(['R', 'encode', '-r', '0-3', '-c', '0-7', '-H', 'n[0-3]', '-p', 'big:1']).stdout;
  const b = cli(['R', 'encode', '-r', '2-5', '-c', '4-11', '-H', 'n[2-5]']).stdout;
  await rscope.load();
  await rscope.openTabs([['a.json', a], ['b.json', b]]);
  await rscope.combine('intersect', ['A', 'B'], { 'setops-keep-data': true });
  await expect(rscope.tab('C')).toHaveAttribute('aria-selected', 'true');
  await rscope.saved('cat A.json B.json | rscope R --indent intersect --keep-data');
  await page.reload();
  await expect(rscope.tab('C')).toHaveAttribute('aria-selected', 'true');
  await rscope.showProvenance();
  await expect(rscope.provenance.locator('summary')).toHaveText('Where tab C came from: A ∩ B --keep-data');
  await expect(rscope.provenanceInputs).toHaveText(['A a.json — unchanged', 'B b.json — unchanged']);
  await expect(rscope.provenance.getByTestId('provenance-options')).toHaveText('--keep-data');
  await expect(rscope.provenance.getByTestId('provenance-command')).toHaveText('cat A.json B.json | rscope R --indent intersect --keep-data');
  expect(await rscope.shownText()).toBe(cli(['R', '--indent', 'intersect', '--keep-data'], a + b).stdout);
  expect(problems).toEqual([]);
});
