// The JS API's nodeQueues(document, config) answers what the page's
// queue box shows, and refuses what it cannot read with the place.
import { test, expect } from './fixtures.js';

test('nodeQueues lists each queue\'s nodes and the findings, or says why not', async ({ page, rscope, problems }) => {
  await rscope.load();
  const got = await page.evaluate(() => {
    const r = '{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-1"}}], "nodelist": ["n[0-3]"], "properties": {"gpu": "2-3"}}}';
    const { nodeQueues } = window.rscope;
    const refusal = (f) => { try { f(); return null; } catch (e) { return e.message; } };
    return {
      answer: nodeQueues(r, '[queues.batch]\nrequires = ["^gpu"]\n[queues.gpu]\nrequires = ["gpu", "big"]\n'),
      badToml: refusal(() => nodeQueues(r, '[queues.batch\n')),
      notText: refusal(() => nodeQueues(r, 3)),
    };
  });
  expect(got.answer).toEqual({
    queues: [
      { name: 'batch', requires: 'requires ^gpu', nodes: '2 nodes: n[0-1]' },
      { name: 'gpu', requires: 'requires gpu, big', nodes: 'no nodes' },
    ],
    findings: [
      '2 nodes are in no queue, so no job can run there: n[2-3]',
      "queue 'gpu' requires property 'big', which no node has, so the queue has no nodes",
    ],
  });
  expect(got.badToml).toBe('nodeQueues: the configuration does not read: 1:14: unclosed table, expected `]`');
  expect(got.notText).toBe('nodeQueues: config must be a string (TOML, or the JSON flux config get prints), not a number');
  expect(problems).toEqual([]);
});
