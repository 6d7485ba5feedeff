// The difference of two tabs opens as a new tab named A − B, holding exactly
// what `rscope R diff` prints for the two documents.
import { test, expect } from './fixtures.js';
import { cli } from './rscope.js';

test('diff of two tabs opens A − B', async ({ rscope, problems }) => {
  const a = cli(['R', 'encode', '-r', '0-3', '-c', '0-7', '-H', 'n[0-3]']).stdout;
  const b = cli(['R', 'encode', '-r', '2-5', '-c', '4-11', '-H', 'n[2-5]']).stdout;
  await rscope.load();
  await rscope.openTabs([['a.json', a], ['b.json', b]]);
  await rscope.combine('diff', ['A', 'B']);
  await expect(rscope.tab('C')).toHaveAttribute('aria-selected', 'true');
  await expect(rscope.tab('C')).toContainText('A − B');
  expect(await rscope.shownText()).toBe(cli(['R', '--indent', 'diff'], a + b).stdout);
  expect(problems).toEqual([]);
});
