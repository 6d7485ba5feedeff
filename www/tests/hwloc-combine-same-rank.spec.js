// Two topologies opened as R with the default rank 0 and different hosts
// claim rank 0 twice: the workbench gives their union as `flux R` prints it
// (the first host name kept) and warns beside it, naming both hosts and
// both tabs.
import { test, expect } from './fixtures.js';
import { topology } from './rscope.js';

test('two topologies left at rank 0 are combined with a warning', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openTabs([
    ['pack2.xml', topology('pack2-numa2-core6-pu2.xml')],
    ['gpu.xml', topology('nvidia-three-backends.xml')],
  ]);
  await rscope.openTopologyAsR('C');
  await rscope.selectTab('A');
  await rscope.openTopologyAsR('D', { hosts: 'n1' });
  await rscope.combine('union', ['C', 'D']);
  await expect(rscope.setopsWarning).toHaveText(
    'warning: rank 0 is gpunode7 in C but n1 in D: a rank is one host, so one name is wrong; the result keeps the first, as flux R does');
  await expect(rscope.tab('E')).toHaveCount(1);
  expect(problems).toEqual([]);
});
