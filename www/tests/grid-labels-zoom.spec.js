// Row labels stay at every zoom: zoomed out to density strips, where a row
// is 2 pixels tall, each label names a span of strips by its host list,
// without the `×n` of folded identical nodes (these are not identical).
import { test, expect } from './fixtures.js';
import { quartz } from './rscope.js';

const MACHINE = quartz(200, 8);

test('zoomed out to strips of eight nodes, labels name the strips', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(MACHINE);
  await expect(rscope.gridShape).toHaveText('200 nodes × 41 columns');
  // Six steps out from the default zoom: eight nodes a strip.
  await rscope.zoomOut(6);
  await expect(rscope.gridShape).toHaveText('200 nodes in 25 strips of 8 — opacity shows how many nodes have each resource');
  expect((await rscope.geometry()).left).toBeGreaterThan(0);
  // Six 2-pixel strips (48 nodes) a label; the short last strip joins the
  // span before it.
  await expect.poll(() => rscope.rowLabels()).toEqual([
    'quartz[1-48]',
    'quartz[49-96]',
    'quartz[97-144]',
    'quartz[145-200]',
  ]);
  expect(problems).toEqual([]);
});
