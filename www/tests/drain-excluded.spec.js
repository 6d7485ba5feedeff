// A node both drained and excluded (flux-core's
// t/flux-resource/status/example.json: foo1) is listed in the drain table
// as drained, as flux resource drain lists it, and as the same page's
// "As flux resource prints it → flux resource drain" prints it; the grid
// still colours it by the state that takes precedence, exclude.
import { test, expect } from './fixtures.js';
import { fixture } from './rscope.js';

test('a drained node that is excluded reads drained in the drain table', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('example.json', fixture('flux-resource/status/example.json'));
  await expect(rscope.drainRows).toHaveCount(2);
  await expect(rscope.drainRows.locator('td:nth-child(2)')).toHaveText(['drained', 'drained*']);
  await expect(rscope.drainRows.locator('td:nth-child(6)')).toHaveText(['foo1', 'foo2']);
  expect(problems).toEqual([]);
});
