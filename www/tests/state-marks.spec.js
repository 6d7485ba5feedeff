// Node states never rest on colour alone: a drained node's cells are
// striped, an offline node's dotted and an excluded node's cross-hatched,
// on the canvas and in the legend's swatches, in colours (Okabe–Ito) that
// stay apart for colour-blind eyes.
import { test, expect } from './fixtures.js';
import { NODE_STATES_LEGEND } from './rscope.js';

const EXAMPLE = 'Node states — 16 nodes drained, offline, torpid and excluded, as flux resource status reads them';

test('drained nodes are striped, offline ones dotted and excluded ones crossed, on the grid and in the legend', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample(EXAMPLE);
  await expect(rscope.legendItems).toHaveText(NODE_STATES_LEGEND);
  expect(await rscope.legendMarks()).toEqual(['', 'dotted', '', 'striped', 'striped dotted', 'crossed']);
  expect(await rscope.legendColors()).toEqual(['#009E73', '#E69F00', '#56B4E9', '#D55E00', '#F0E442', '#5f6a74']);
  // tioga1 is avail: one colour; tioga5 is drained: its colour and the
  // stripes' darker ink.
  expect(await rscope.cellColors(0, 0)).toEqual(['#009e73']);
  expect(await rscope.cellColors(4, 0)).toEqual(['#d55e00', '#471f00']);
  // tioga15 (rank 14) is avail but offline: orange, dotted; tioga16
  // (rank 15) is excluded: grey, cross-hatched.
  expect(await rscope.cellColors(14, 0)).toEqual(['#e69f00', '#4c3500']);
  expect(await rscope.cellColors(15, 0)).toEqual(['#5f6a74', '#1f2326']);
  expect(problems).toEqual([]);
});
