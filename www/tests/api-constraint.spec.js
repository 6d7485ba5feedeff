// The JS API's constraintParse and constraintMatch answer as `rscope
// constraint parse` and `rscope constraint match` print, and refuse what
// they refuse, with the same words.
import { test, expect } from './fixtures.js';
import { FOUR_NODES_PROPERTIES, cli } from './rscope.js';

test('constraintParse and constraintMatch give the CLI\'s bytes', async ({ page, rscope, problems }) => {
  await rscope.load();
  const seen = await page.evaluate((r) => {
    const api = window.rscope;
    const caught = (f) => { try { f(); return null; } catch (e) { return [e.message, e.start, e.end]; } };
    return {
      parsed: api.constraintParse('ssd -host:node1'),
      matched: api.constraintMatch('ssd -host:node1', r, { query: true }),
      why: api.constraintMatch('{"properties": ["^gpu"]}', r, { why: true }),
      badQuery: caught(() => api.constraintParse('gpu and (')),
      badJson: caught(() => api.constraintMatch('{"prop": ["gpu"]}', r)),
      badType: caught(() => api.constraintParse(7)),
    };
  }, FOUR_NODES_PROPERTIES);
  expect(seen.parsed).toBe('{"and": [{"properties": ["ssd"]}, {"not": [{"hostlist": ["node1"]}]}]}');
  expect(seen.matched).toBe('{"version": 1, "execution": {"R_lite": [{"rank": "3", "children": {"core": "0-7"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["node3"], "properties": {"ssd": "3"}}}\n');
  expect(seen.why).toBe('node0 (rank 0): has property gpu\nnode1 (rank 1): has property gpu\n');
  expect(seen.badQuery).toEqual(['constraintParse: unclosed parenthesis in position 8', 9, 9]);
  expect(seen.badJson).toEqual(["constraintMatch: unknown constraint operator(s): ['prop']", undefined, undefined]);
  expect(seen.badType[0]).toBe('constraintParse: query must be a string (a --requires query), not a number');
  expect(problems).toEqual([]);
});

// #48: constraintMatch reads as today's scheduler (Rv1Set) by default, and
// as librlist with {librlist: true}, as the CLI's --librlist: an empty or
// selects no node in one and every node in the other.
test('constraintMatch takes librlist as the CLI takes --librlist', async ({ page, rscope, problems }) => {
  await rscope.load();
  const seen = await page.evaluate((r) => ({
    rv1: window.rscope.constraintMatch('{"or": []}', r),
    librlist: window.rscope.constraintMatch('{"or": []}', r, { librlist: true }),
  }), FOUR_NODES_PROPERTIES);
  expect(seen.rv1).toBe(cli(['constraint', 'match', '{"or": []}'], FOUR_NODES_PROPERTIES).stdout);
  expect(seen.librlist).toBe(cli(['constraint', 'match', '--librlist', '{"or": []}'], FOUR_NODES_PROPERTIES).stdout);
  expect(seen.rv1).not.toBe(seen.librlist);
  expect(seen.librlist).toContain('"nodelist": ["node[0-3]"]');
  expect(problems).toEqual([]);
});
