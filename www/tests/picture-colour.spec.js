// The picture's colour choice: by type (the default), by state, or by a
// property; the legend and each box's fill follow it.
import { test, expect } from './fixtures.js';
import { example } from './rscope.js';

// The light theme's first two fills (picture.rs LIGHT), and the third,
// which a node takes by type in every document (outline::picture,
// colour_slot).
const FIRST = [219, 233, 246, 255];
const SECOND = [253, 226, 196, 255];
const NODE = [213, 239, 217, 255];

/** The JGF example with node1 down and node0 holding the property ssd=yes. */
function doc() {
  const d = JSON.parse(example('jgf.json'));
  const node = (name) => d.scheduling.graph.nodes.find((n) => n.metadata.name === name).metadata;
  node('node1').status = 1;
  node('node0').properties = { ssd: 'yes' };
  return JSON.stringify(d, null, 2);
}

/** The fills of node0's and node1's boxes, reached from the keyboard. */
async function nodeColours(rscope) {
  await rscope.pressPicture('Home', 'ArrowUp', 'ArrowDown');
  await expect(rscope.picture).toHaveAttribute('data-focus', 'node0');
  const node0 = await rscope.focusedBoxColour();
  await rscope.pressPicture('ArrowRight');
  await expect(rscope.picture).toHaveAttribute('data-focus', 'node1');
  return [node0, await rscope.focusedBoxColour()];
}

test('colouring by state fills the down node apart', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(doc());
  await expect(rscope.pictureLegend).toHaveText(['cluster', 'node', 'core', 'gpu']);
  expect(await nodeColours(rscope)).toEqual([NODE, NODE]);
  await rscope.colourPicture('state');
  await expect(rscope.pictureLegend).toHaveText(['up', 'down']);
  expect(await nodeColours(rscope)).toEqual([FIRST, SECOND]);
  expect(problems).toEqual([]);
});

test('colouring by a property fills the nodes by its value', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(doc());
  await rscope.colourPicture('property:ssd');
  await expect(rscope.pictureLegend).toHaveText(['no ssd', 'ssd=yes']);
  expect(await nodeColours(rscope)).toEqual([SECOND, FIRST]);
  expect(problems).toEqual([]);
});
