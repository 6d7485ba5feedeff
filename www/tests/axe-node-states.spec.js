// A resource.status payload's grid, state filter (a state chosen), drain table, flux resource text and
// queue box (with its queues, findings and rank-order findings) have no accessibility
// violation in either theme.
import { test, expect } from './fixtures.js';
import { violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`node states in the ${scheme} theme have no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.pickExample('Node states — 16 nodes drained, offline, torpid and excluded, as flux resource status reads them');
    await expect(rscope.drainRows).toHaveCount(3);
    await rscope.showResourceText();
    await expect(rscope.resourceOutput).toBeVisible();
    await rscope.typeConfig('[queues.batch]\n[queues.debug]\nrequires = ["debug"]\n[bootstrap]\nhosts = [{ host = "tioga[2,1,3-16]" }]\n');
    await expect(rscope.queueFindings).toHaveCount(1);
    await expect(rscope.rankOrderFindings).toHaveCount(2);
    await rscope.stateFilter.selectOption('drain');
    await expect(rscope.stateFilterWords).toContainText('drain: 4 nodes');
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
