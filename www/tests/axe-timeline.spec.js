// A resource eventlog's timeline (chart, slider, buttons), its event list
// with a node's history strip, and its tables of figures have no
// accessibility violation in either theme.
import { test, expect } from './fixtures.js';
import { ev, journal } from './journals.js';
import { violations } from './rscope.js';

const JOURNAL = journal([
  ev(0, 'restart', { ranks: '0-3', online: '0-3', nodelist: 'n[1-4]' }),
  ev(3600, 'drain', { idset: '1', nodelist: 'n2', reason: 'fan', overwrite: 0 }),
  ev(7200, 'offline', { idset: '3' }),
  ev(10800, 'undrain', { idset: '1', nodelist: 'n2' }),
]);

for (const scheme of ['light', 'dark']) {
  test(`the timeline in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.openFile('journal.json', JOURNAL);
    await rscope.filterEvents('node', 'n2');
    await expect(page.getByTestId('node-strip')).toBeVisible();
    await rscope.openFigures('Nodes');
    await expect(rscope.figuresTable('Nodes').getByTestId('figure-row')).toHaveCount(4);
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
