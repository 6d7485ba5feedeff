// A paste over the whole of an example's tab renames the tab: it no longer
// holds the example.
import { test, expect } from './fixtures.js';

const DOC = '{"version":1,"execution":{"R_lite":[{"rank":"0-63","children":{"core":"0-3"}}],"nodelist":["n[0-63]"]}}';

test('a paste over an example names the tab as a pasted document', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('A laptop — one node, 8 cores and a GPU');
  await expect(rscope.tab('A')).toHaveText('A laptop');
  await expect(rscope.summary('nodes')).toHaveText('1');
  await rscope.pasteOver(DOC);
  await expect(rscope.summary('nodes')).toHaveText('64');
  await expect(rscope.editor).toHaveValue(DOC);
  await expect(rscope.tab('A')).toHaveText('A untitled');
  await expect(rscope.tab('A')).toHaveAttribute('title', 'untitled');
  expect(problems).toEqual([]);
});
