// Two topologies opened as R with the default rank 0 and different hosts
// claim rank 0 twice: the workbench refuses their union and says why,
// where `flux R` would keep the first host name.
import { test, expect } from './fixtures.js';
import { topology } from './rscope.js';

test('two topologies left at rank 0 are refused in a union', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openTabs([
    ['pack2.xml', topology('pack2-numa2-core6-pu2.xml')],
    ['gpu.xml', topology('nvidia-three-backends.xml')],
  ]);
  await rscope.openTopologyAsR('C');
  await rscope.selectTab('A');
  await rscope.openTopologyAsR('D', { hosts: 'n1' });
  await rscope.combine('union', ['C', 'D']);
  await expect(rscope.setopsRefusal).toHaveText(
    'In tab D:rank 0 is gpunode7 in C but n1 in D: a rank is one host, so these R cannot be combined');
  await expect(rscope.tab('E')).toHaveCount(0);
  expect(problems).toEqual([]);
});
