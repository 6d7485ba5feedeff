// Counts read as English: "1 node", "64 nodes", "1 warning", "2 gpus".
import { test, expect } from './fixtures.js';

// Two nodes of 4 cores, one GPU between them, a property on one node, and
// one warning (no nodelist).
const DOC = JSON.stringify({
  version: 1,
  execution: {
    R_lite: [
      { rank: '0', children: { core: '0-3', gpu: '0' } },
      { rank: '1', children: { core: '0-3' } },
    ],
    properties: { debug: '0' },
  },
});

test('every count of a document is singular or plural as it should be', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill(DOC);
  await expect(rscope.summary('nodes')).toHaveText('2');
  await expect(rscope.diagnostics.getByRole('heading', { level: 3 })).toHaveText(['1 warning']);
  await expect(page.locator('.props li')).toHaveText(['debug — 1 node (ranks 0)']);
  await expect(rscope.treeRows.first()).toHaveText('▾cluster0 cluster — 2 nodes, 8 cores, 1 gpu');
  await expect(rscope.treeRows.nth(1)).toHaveText('▾node0 node rank 0 — 4 cores, 1 gpu');
  await expect(page.locator('.tree .hint').first()).toHaveText(
    '12 vertices, generated from R_lite (the document has no graph). Use the arrow keys to move, Enter to open or close, or type a name.',
  );
  expect(problems).toEqual([]);
});
