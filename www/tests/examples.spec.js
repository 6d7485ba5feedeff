// Picking a built-in example opens it and shows its counts.
import { test, expect } from './fixtures.js';

test('the examples menu opens the RFC 20 example', async ({ rscope, problems }) => {
  await rscope.load();
  await expect(rscope.examples.locator('option')).toHaveCount(12);
  await rscope.pickExample('The RFC 20 example — 4 nodes with 48 cores and 8 GPUs each');
  await expect(rscope.status).toHaveText('opened The RFC 20 example');
  await expect(rscope.tab('A')).toHaveText('A RFC 20 example');
  await expect(rscope.summary('nodes')).toHaveText('4');
  await expect(rscope.summary('cores')).toHaveText('192');
  await expect(rscope.summary('gpus')).toHaveText('32');
  expect(problems).toEqual([]);
});
