// Every R and JGF document of the flux-core and flux-sched test suites,
// valid or not, opens in the page and is analysed without a page error, a
// console error or a failed request: what the core says about each is the
// native corpus tier's business, that the page survives it is this one's.
import { test, expect } from '../tests/fixtures.js';
import { basename } from 'node:path';
import { corpusFile, corpusFiles } from './corpus.js';

for (const rel of corpusFiles('samples', ['.json', '.R'])) {
  test(`opens ${rel}`, async ({ rscope, problems }) => {
    await rscope.load();
    await rscope.openFile(basename(rel), corpusFile(rel));
    await expect(rscope.tab('A')).toHaveText(`A ${basename(rel)}`);
    // The hint gives way to the analysis once it has run: the counts of the
    // one set, the table of a status document's sets, or why there is no R.
    await expect(rscope.hint).toHaveCount(0);
    const outcome = rscope.summary('summary').locator('[data-testid=nodes], [data-testid=states], [data-testid=error]');
    await expect(outcome.first()).toBeVisible();
    expect(problems).toEqual([]);
  });
}
