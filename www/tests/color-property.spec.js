// Colouring by a property explains itself in the legend.
import { test, expect } from './fixtures.js';

test('colour by property shows a legend', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('Properties — partitions and a GPU queue as RFC 20 properties');
  await expect(rscope.legend).toHaveText('coregpu');
  await rscope.colorCellsBy('property:pgpu');
  await expect(rscope.legend).toHaveText('has pgpulacks pgpu');
  expect(problems).toEqual([]);
});
