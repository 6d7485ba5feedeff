// What #47 added for status payloads, in either theme, with no
// accessibility violation: the table of changes between two status
// snapshots (compare view), a state's nodes alone on the grid (the
// filter's "hide the other nodes"), and the constraint field's note on
// where the two readings of a constraint part (#48).
import { test, expect } from './fixtures.js';
import { FOUR_NODES_PROPERTIES, fixture, violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`the status changes table in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.openTabs([
      ['offline.json', fixture('flux-resource/status/offline.json')],
      ['torpid.json', fixture('flux-resource/status/torpid.json')],
    ]);
    await rscope.selectTab('A');
    await rscope.compareWith('B', 'torpid.json');
    await expect(rscope.changeRows).toHaveCount(4);
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test(`a state's nodes alone in the ${scheme} theme have no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.pickExample('Node states — 16 nodes drained, offline, torpid and excluded, as flux resource status reads them');
    await rscope.stateFilter.selectOption('drain');
    await rscope.stateFilterOnly.check();
    await expect(rscope.gridShape).toHaveText(/^4 nodes × /);
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test(`the constraint readings' note in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.fill(FOUR_NODES_PROPERTIES);
    await expect(rscope.grid).toBeVisible();
    await rscope.typeConstraint('{"or": []}');
    await expect(rscope.constraintNote).toBeVisible();
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
