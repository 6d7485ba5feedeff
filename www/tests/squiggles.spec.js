// Typing a broken id set underlines it in the editor; hovering the squiggle
// says why, and fixing the text removes it.
import { test, expect } from './fixtures.js';

const doc = (cores) => `{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "${cores}"}}]}}`;

test('a reversed range is underlined while typing, with its message on hover', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(doc('3-1'));
  const squiggle = rscope.squiggles('error');
  await expect(squiggle).toHaveText(['3-1']);
  // The textarea is on top; the page finds the character under the pointer.
  await rscope.hoverText('3-1');
  await expect(rscope.squiggleTip).toHaveText("error: invalid 'core' id set: reversed range '3-1'");
  // Elsewhere on the same line there is nothing to explain.
  await rscope.hoverText('"version"');
  await expect(rscope.squiggleTip).toHaveCount(0);
  await rscope.fill(doc('1-3'));
  await expect(squiggle).toHaveCount(0);
  await expect(rscope.summary('cores')).toHaveText('3');
  expect(problems).toEqual([]);
});
