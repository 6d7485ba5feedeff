// A type's colour in the graph picture is the same in every document: a
// core box is the same colour whatever other types the graph holds, and
// wherever the core falls in the legend.
import { test, expect } from './fixtures.js';

test('the usual types take their fixed colours in the JGF example', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('With a JGF graph — an R whose scheduling key holds the Fluxion graph');
  const swatches = page.getByRole('list', { name: 'Colours' }).locator('li');
  await expect(swatches).toHaveText(['cluster', 'node', 'core', 'gpu']);
  const colours = await swatches.locator('.swatch').evaluateAll((all) => all.map((s) => s.style.background));
  // Slots 0, 2, 4 and 5 of the light palette (cluster, node, core, gpu),
  // not the first four, which a legend's order alone would give.
  expect(colours).toEqual(['rgb(219, 233, 246)', 'rgb(213, 239, 217)', 'rgb(230, 220, 242)', 'rgb(243, 236, 194)']);
  expect(problems).toEqual([]);
});
