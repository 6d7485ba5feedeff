// A document of a version the reference does not read is refused in the
// panel in its words, naming the tab and the line and column.
import { test, expect } from './fixtures.js';
import { fixture } from './rscope.js';

test('a union with a version 3 document names the tab and place', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openTabs([['gpu.json', fixture('r/gpu-cluster.json')], ['future.R', fixture('r/future-version.R')]]);
  await rscope.combine('union', ['A', 'B']);
  await expect(rscope.setopsRefusal).toContainText('In tab B:');
  await expect(rscope.setopsRefusal).toContainText('Failed to decode R in B: unsupported version 3 (line 2, column 14)');
  await expect(rscope.tab('C')).toHaveCount(0);
  expect(problems).toEqual([]);
});
