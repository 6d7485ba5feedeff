// Where R_lite and the graph disagree, the R_lite side is marked too: the
// entry naming the rank carries a note in the editor that says how.
import { test, expect } from './fixtures.js';
import { example } from './rscope.js';

test('the R_lite entry of a rank the graph gives otherwise is noted', async ({ rscope, problems }) => {
  await rscope.load();
  const doc = JSON.parse(example('jgf.json'));
  doc.execution.R_lite = [{ rank: '0', children: { core: '0-3', gpu: '0' } }, { rank: '1', children: { core: '0-1', gpu: '0' } }];
  await rscope.fill(JSON.stringify(doc, null, 2));
  // The graph side: node1's box.
  await expect(rscope.picture).toHaveAttribute('data-disagree', '1');
  // The R_lite side: the second entry, every line of it (a fill leaves the
  // editor at the end of the text, R_lite is at the top).
  await rscope.scrollEditor(0);
  await expect(rscope.squiggles('note')).toHaveText(['{', '"rank": "1",', '"children": {', '"core": "0-1",', '"gpu": "0"', '}', '}']);
  await rscope.hoverText('"rank": "1"');
  await expect(rscope.squiggleTip).toHaveText('note: R_lite and the graph disagree: rank 1: core 2-3 only in the graph');
  expect(problems).toEqual([]);
});
