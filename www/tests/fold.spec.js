// Identical neighbours fold into one row with a count; at the lowest zooms
// nodes collapse into density strips.
import { test, expect } from './fixtures.js';

test('folding and density strips', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill({
    version: 1,
    execution: {
      R_lite: [
        { rank: '0-15', children: { core: '0-35' } },
        { rank: '16-19', children: { core: '0-35', gpu: '0-3' } },
      ],
      nodelist: ['quartz[1-20]'],
    },
  });
  await expect(rscope.gridShape).toHaveText('20 nodes × 41 columns');
  await rscope.fold.check();
  await expect(rscope.gridShape).toHaveText('20 nodes in 2 rows — identical neighbours folded');
  await rscope.hoverCell(0, 2);
  await expect(rscope.tooltip).toHaveText('quartz[1-16] (0-15) ×16 — core 2 on 16 of 16 nodes');
  await rscope.fold.uncheck();

  // Six steps out from the default zoom: eight nodes per strip.
  await rscope.zoomOut(6);
  await expect(rscope.gridShape).toHaveText('20 nodes in 3 strips of 8 — opacity shows how many nodes have each resource');
  await expect(rscope.fold).toBeDisabled();
  // Strip 2 (nodes 16-19) at GPU 1: column 36 + 1 gap + 1 = 38.
  await rscope.hoverCell(2, 38);
  await expect(rscope.tooltip).toHaveText('quartz[17-20] (16-19) ×4 — gpu 1 on 4 of 4 nodes');
  await rscope.hoverCell(1, 5);
  await expect(rscope.tooltip).toHaveText('quartz[9-16] (8-15) ×8 — core 5 on 8 of 8 nodes');
  expect(problems).toEqual([]);
});
