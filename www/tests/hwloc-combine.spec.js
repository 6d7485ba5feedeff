// Two nodes' topologies, each opened as an R with its own rank and host,
// combine in the set workbench into one two-rank R, as `flux R decode`
// reads the two documents one after the other (asked for on one line, as
// flux R prints it).
import { test, expect } from './fixtures.js';
import { cli, topology } from './rscope.js';

test("two topologies' R unite into a two-rank R", async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openTabs([
    ['pack2.xml', topology('pack2-numa2-core6-pu2.xml')],
    ['gpu.xml', topology('nvidia-three-backends.xml')],
  ]);
  await rscope.openTopologyAsR('C', { ranks: '1' });
  const gpu = await rscope.shownText();
  await rscope.selectTab('A');
  await rscope.openTopologyAsR('D', { hosts: 'n1', ranks: '0' });
  const pack = await rscope.shownText();
  // On one line, as flux R prints it.
  await rscope.combine('union', ['C', 'D'], { 'setops-one-line': true });
  await expect(rscope.tab('E')).toHaveText('E = C ∪ D');
  const union = await rscope.shownText();
  expect(union).toBe(
    '{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-23"}}, '
    + '{"rank": "1", "children": {"core": "0-3", "gpu": "0-1"}}], '
    + '"starttime": 0.0, "expiration": 0.0, "nodelist": ["n1,gpunode7"]}}\n');
  expect(union).toBe(cli(['R', 'decode'], gpu + pack).stdout);
  await expect(rscope.summary('nodes')).toHaveText('2');
  await expect(rscope.summary('cores')).toHaveText('28');
  await expect(rscope.summary('gpus')).toHaveText('2');
  expect(problems).toEqual([]);
});
