// An expression over tab letters opens its result as a tab named by the
// expression, as `rscope R eval` prints it.
import { test, expect } from './fixtures.js';
import { cli } from './rscope.js';

test('(A | B) - C opens (A ∪ B) − C', async ({ rscope, problems }) => {
  const a = cli(['R', 'encode', '-r', '0-3', '-c', '0-7', '-H', 'n[0-3]']).stdout;
  const b = cli(['R', 'encode', '-r', '2-5', '-c', '4-11', '-H', 'n[2-5]']).stdout;
  const c = cli(['R', 'encode', '-r', '3', '-c', '0-1', '-H', 'n3']).stdout;
  await rscope.load();
  await rscope.openTabs([['a.json', a], ['b.json', b], ['c.json', c]]);
  await rscope.combineByExpression('(A | B) - C');
  await expect(rscope.tab('D')).toHaveAttribute('aria-selected', 'true');
  await expect(rscope.tab('D')).toContainText('(A ∪ B) − C');
  const expected = cli(['R', '--indent', 'diff'], cli(['R', 'decode'], a + b).stdout + c).stdout;
  expect(await rscope.shownText()).toBe(expected);
  expect(problems).toEqual([]);
});
