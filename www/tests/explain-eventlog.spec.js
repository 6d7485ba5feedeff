// #49 item 6: an event of a resource eventlog is explained under the
// caret; on a drain's overwrite the card says what it did to the ranks
// that were drained already, read by replaying the events before it.
import { test, expect } from './fixtures.js';
import { readFileSync } from 'node:fs';

const LOG = readFileSync(new URL('../../tests/fixtures/resource-eventlog/events.jsonl', import.meta.url), 'utf8');

test('the caret on a drain\'s overwrite says what it did to ranks drained before', async ({ rscope, problems }) => {
  await rscope.load();
  // The second drain: test[1-2], overwrite 1, after rank 1 was drained for a bad dimm.
  await rscope.caretOn(LOG, '"overwrite": 1}}');
  await expect(rscope.explainTitle).toHaveText('drain: overwrite');
  await expect(rscope.explainDecoded).toHaveText([
    '1: ranks drained already take this reason and keep their time',
    "before this event, drained already: 1 rank: 1, reason 'bad dimm'",
  ]);
  await expect(rscope.explainRfc).toHaveAttribute('href',
    'https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest/spec_44.html#drain');
  expect(problems).toEqual([]);
});
