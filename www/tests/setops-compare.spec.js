// Compare says in words what the second tab adds to and removes from the
// first, by node, in host names and id sets.
import { test, expect } from './fixtures.js';
import { cli } from './rscope.js';

test('compare says what B adds and removes', async ({ rscope, problems }) => {
  const a = cli(['R', 'encode', '-r', '0-4', '-c', '0-7', '-H', 'node[0-4]']).stdout;
  const b = cli(['R', 'diff'], a + cli(['R', 'encode', '-r', '2', '-c', '0-3', '-H', 'node2']).stdout).stdout;
  const more = cli(['R', 'encode', '-r', '5-8', '-c', '0-7', '-H', 'node[5-8]']).stdout;
  await rscope.load();
  await rscope.openTabs([['a.json', a], ['b.json', cli(['R', 'decode'], b + more).stdout]]);
  await rscope.combine('compare', ['A', 'B']);
  await expect(rscope.setopsMessage).toHaveText('B relative to A: adds node[5-8]; removes core[0-3] on node2');
  await expect(rscope.tab('C')).toHaveCount(0);
  expect(problems).toEqual([]);
});
