// Two tabs holding resource.status payloads of one system (flux-core's
// t/flux-resource/status offline.json, then torpid.json) compare as two
// snapshots: a table of what was drained, undrained, went offline or came
// back between them, the same rows `rscope resource changes` prints, and
// the grid coloured by each node's change.
import { test, expect } from './fixtures.js';
import { cli, fixture } from './rscope.js';

test('comparing two status snapshots shows what changed, as a table and on the grid', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openTabs([
    ['offline.json', fixture('flux-resource/status/offline.json')],
    ['torpid.json', fixture('flux-resource/status/torpid.json')],
  ]);
  await rscope.selectTab('A');
  await rscope.compareWith('B', 'torpid.json');
  await expect(rscope.changeRows).toHaveText([
    'drained10foo1bad node',
    'drained11foo2testing drain',
    'came back11foo2',
    'went torpid21,3foo[2,4]',
  ]);
  await expect(rscope.compareSummary.locator('p').last())
    .toHaveText('From A to B: 3 nodes changed: 2 drained, 1 came back, 2 went torpid');
  await expect(rscope.legendItems).toHaveText(['drained: 2 nodes', 'went torpid: 1 node', 'unchanged: 1 node']);
  // One answer: the rows are the CLI's.
  const dir = new URL('../../tests/fixtures/flux-resource/status/', import.meta.url).pathname;
  const printed = JSON.parse(cli(['resource', 'changes', '--json', `${dir}offline.json`, `${dir}torpid.json`]).stdout);
  const cells = await rscope.changeRows.evaluateAll((rows) => rows.map((r) => [...r.cells].map((c) => c.textContent)));
  expect(cells).toEqual(printed.rows.map((r) => [r.change, String(r.nnodes), r.ranks, r.nodelist, r.reason]));
  expect(problems).toEqual([]);
});
