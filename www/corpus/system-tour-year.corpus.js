// The system tour's last step walks the sample year: thing2's resource
// eventlog, May 2023 to May 2024, which the page fetches from flux-core's
// repository. Here the fetch is answered with the corpus's copy of that
// file, read in place, so the step is tested on the year it shows.
import { test, expect } from '../tests/fixtures.js';
import { corpusFile } from './corpus.js';

test('the year step opens thing2\'s year on the timeline and lists what history computes of it', async ({ rscope, problems }) => {
  await rscope.answerTourYear(corpusFile('samples/flux-core/resource-eventlog/thing2.eventlog'));
  await rscope.load();
  await rscope.systemTourTo(9);
  await expect(rscope.systemTourStep).toHaveText('Step 9 of 9: A year of history');
  // The same lines as the native corpus tier's (library.rs).
  await expect(rscope.systemTourDecoded).toHaveText([
    '4\u00a0611 events from 2023-05-02 17:17:51 UTC to 2024-05-02 14:42:23 UTC, 43 nodes',
    "Available 75.8% of the time its nodes' states are known",
    'Least available week: the week of 2023-06-19, 44.1%',
    'Drained for "nodediag failed amdgpu": 5\u00a0489.3 node-hours, 146 drains',
    'Drained for "broker was unresponsive": 5\u00a0432.2 node-hours, 409 drains',
    'Drained for "Moving to another system": 2\u00a0436.3 node-hours, 1 drain',
  ]);
  await expect(rscope.timelineSlider).toHaveAttribute('aria-valuetext', /2024-05-02 14:42:23 UTC/);
  expect(problems).toEqual([]);
});
