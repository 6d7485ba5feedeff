// A tab whose system holds a job list beside its R (the grid coloured by
// job, its legend, the job table with its filter and sorting buttons) has
// no accessibility violation, in either theme, and does not widen a
// phone's page.
import { test, expect } from './fixtures.js';
import { violations } from './rscope.js';

const R = JSON.stringify({
  version: 1,
  execution: { R_lite: [{ rank: '0-3', children: { core: '0-3', gpu: '0-1' } }], nodelist: ['n[0-3]'], starttime: 0, expiration: 0 },
});
const JOBS = JSON.stringify({
  jobs: [
    { id: 1001, userid: 5001, state: 'RUN', name: 'lammps', queue: 'batch', t_submit: 1, ranks: '[0-1]', annotations: { sched: { resource_summary: 'rank[0-1]/core[0-3],gpu[0-1]' } } },
    { id: 2002, userid: 5002, state: 'RUN', name: 'hostname', t_submit: 1, ranks: '2' },
  ],
});

async function rAndJobs(rscope) {
  await rscope.load();
  await rscope.openFile('r.json', R);
  await expect(rscope.grid).toBeVisible();
  await rscope.joinSystem.check();
  await rscope.openFile('jobs.json', JOBS);
  await expect(rscope.jobRows).toHaveCount(2);
}

for (const scheme of ['light', 'dark']) {
  test(`a grid coloured by job with its job table in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rAndJobs(rscope);
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the job table does not widen the page', async ({ page, rscope, problems }) => {
    await rAndJobs(rscope);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
  });
});
