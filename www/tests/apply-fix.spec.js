// A suggested fix is applied with one click and the problem goes away.
import { test, expect } from './fixtures.js';

test('apply rewrites a non-canonical idset', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill('{"version": 1, "execution": {"R_lite": [{"rank": "0,0-1,1-2,2-95", "children": {"core": "0"}}], "nodelist": ["n[0-95]"]}}');
  await rscope.applyFix();
  await expect(rscope.editor).toHaveValue('{"version": 1, "execution": {"R_lite": [{"rank": "0-95", "children": {"core": "0"}}], "nodelist": ["n[0-95]"]}}');
  await expect(rscope.diagnostics).toContainText('No problems found.');
  await expect(rscope.summary('nodes')).toHaveText('96');
  expect(problems).toEqual([]);
});
