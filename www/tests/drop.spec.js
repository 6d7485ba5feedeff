// Dropping a file anywhere on the page opens it.
import { test, expect } from './fixtures.js';

test('a dropped file opens in a new tab', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill('{"version":1,"execution":{"R_lite":[]}}');
  await rscope.drop('dropped.json', '{"version":1,"execution":{"R_lite":[{"rank":"0-9","children":{"core":"0-1"}}]}}', 'header');
  await expect(rscope.tab('B')).toHaveText('B dropped.json');
  await expect(rscope.summary('nodes')).toHaveText('10');
  await expect(rscope.summary('cores')).toHaveText('20');
  expect(problems).toEqual([]);
});
