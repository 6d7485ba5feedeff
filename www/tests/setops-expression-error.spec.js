// An expression that cannot be parsed is refused in words, with the
// place in the expression marked; no tab opens.
import { test, expect } from './fixtures.js';
import { cli } from './rscope.js';

test('an operator without its right operand is marked', async ({ rscope, problems }) => {
  const a = cli(['R', 'encode', '-r', '0-3', '-H', 'n[0-3]']).stdout;
  await rscope.load();
  await rscope.openTabs([['a.json', a]]);
  await rscope.combineByExpression('(A | A) -');
  await expect(rscope.setopsRefusal).toContainText("operator '-' has no right operand (column 9)");
  await expect(rscope.setopsSpan.locator('mark')).toHaveText('-');
  await expect(rscope.setopsSpan).toHaveText('(A | A) -');
  await expect(rscope.tab('B')).toHaveCount(0);
  expect(problems).toEqual([]);
});
