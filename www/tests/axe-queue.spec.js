// The job queue, with a running job, a waiting one and the free cores
// shown, has no accessibility violation, in either theme.
import { test, expect } from './fixtures.js';
import { FOUR_NODES, violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`the job queue in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.fill(FOUR_NODES);
    await rscope.queueAdd('node=3/core=8', 'node=2');
    await rscope.queueAllocate(1);
    await rscope.queuePress('next');
    await expect(rscope.queueNote).toContainText('job 2 waits');
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
