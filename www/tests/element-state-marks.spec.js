// #47 item 7 in the element's bundle: an embedded status payload's node
// states never rest on colour alone either. A drained node is striped on
// the grid and in the legend, as on the page (state-marks.spec.js).
import { test, expect } from './fixtures.js';
import { NODE_STATES_LEGEND } from './rscope.js';

test('an embedded payload stripes, dots and cross-hatches its node states', async ({ rscope, problems }) => {
  await rscope.embed({ url: 'static/examples/node-states.json', view: 'grid', 'color-by': 'state' });
  await expect(rscope.legendItems).toHaveText(NODE_STATES_LEGEND);
  expect(await rscope.legendMarks()).toEqual(['', 'dotted', '', 'striped', 'striped dotted', 'crossed']);
  expect(await rscope.cellColors(4, 0)).toEqual(['#d55e00', '#471f00']);
  expect(await rscope.cellColors(15, 0)).toEqual(['#5f6a74', '#1f2326']);
  expect(problems).toEqual([]);
});
