// Verify answers in the panel, in flux R verify's words, and opens no tab.
import { test, expect } from './fixtures.js';
import { cli } from './rscope.js';

test('verify says what the found rank has beyond what is expected', async ({ rscope, problems }) => {
  const expected = cli(['R', 'encode', '-r', '0-3', '-c', '0-7', '-H', 'n[0-3]']).stdout;
  const found = cli(['R', 'encode', '-r', '2', '-c', '0-9', '-H', 'n2']).stdout;
  await rscope.load();
  await rscope.openTabs([['expected.json', expected], ['found.json', found]]);
  await rscope.combine('verify', ['A', 'B']);
  await expect(rscope.setopsMessage).toHaveText('rank 2 (n2) has extra resources: core[8-9]');
  await expect(rscope.tab('C')).toHaveCount(0);
  expect(problems).toEqual([]);
});
