// A large R with a graph (over 16 MiB) is summarized from its R before
// its graph is read: the summary and the grid show while the rest of the
// analysis, graph and findings, is still on its way.
import { test, expect } from './fixtures.js';
import { readFileSync } from 'node:fs';

const GRAPH = readFileSync(new URL('../../tests/fixtures/r/with-graph.json', import.meta.url), 'utf8');

/** The R+JGF above, padded with blanks before its last brace to 17 MiB. */
const LARGE = (() => {
  const body = GRAPH.trimEnd().slice(0, -1);
  return `${body}${' '.repeat((17 << 20) - body.length - 1)}}`;
})();

test('a large R with a graph shows its summary before its graph', async ({ rscope, problems }) => {
  // The first stage of each answer comes; the rest is held.
  await rscope.holdWorkerAnswers({ firstStages: true });
  await rscope.load();
  await rscope.paste(LARGE);
  await expect(rscope.summary('nodes')).toHaveText('2');
  await expect(rscope.summary('cores')).toHaveText('4');
  await expect(rscope.gridShape).toHaveText('2 nodes × 2 columns');
  // The graph is not read yet, and the page says it is still working.
  await expect(rscope.progress).toBeVisible();
  await expect(rscope.treeRows).toHaveCount(0);
  await rscope.releaseWorkerAnswers();
  await expect(rscope.treeRows.first()).toBeVisible();
  await expect(rscope.progress).toHaveCount(0);
  await expect(rscope.summary('nodes')).toHaveText('2');
  expect(problems).toEqual([]);
});
