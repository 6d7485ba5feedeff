// Where the R's ranks and [bootstrap] hosts disagree, the box offers the
// fix: the R re-ranked by that order, opened as a tab, byte for byte what
// `rscope R rerank` prints; its ranks then agree.
import { test, expect } from './fixtures.js';
import { FOUR_NODES } from './rscope.js';

// `rscope R rerank 'node[1,0,2-3]' < four-nodes.json`
const RERANKED = '{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-7"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["node[1,0,2-3]"]}}';

test('the rank-order fix opens the R re-ranked by [bootstrap] hosts', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill(FOUR_NODES);
  await expect(rscope.grid).toBeVisible();
  await rscope.typeConfig('[bootstrap]\nhosts = [{ host = "node[1,0,2-3]" }]\n');
  await expect(rscope.rankOrderFindings).toHaveCount(2);
  await rscope.queueConfig.getByTestId('rerank-by-bootstrap').click();
  await expect(rscope.editor).toHaveValue(`${RERANKED}\n`);
  await expect(rscope.rankOrderFindings).toHaveCount(0);
  expect(problems).toEqual([]);
});
