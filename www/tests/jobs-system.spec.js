// A job list opened into the system of a tab that holds the instance's R
// (flux-core's `flux jobs -a --json` and its R, recorded in
// tests/fixtures/flux-jobs/live): "Read as one system" counts its running
// jobs as the allocation, and a shape fits around them, into what is free
// now, as `rscope system` and `rscope fit` answer for the same files.
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.js';

const live = (f) => readFileSync(new URL(`../../tests/fixtures/flux-jobs/live/${f}`, import.meta.url), 'utf8');

/** Tab A holds the instance's R; then the job list joins its system. */
async function rAndJobs(rscope) {
  await rscope.load();
  await rscope.openFile('r.json', live('conf.d/R'));
  await expect(rscope.grid).toBeVisible();
  await rscope.joinSystem.check();
  await rscope.openFile('jobs.json', live('jobs.json'));
  await expect(rscope.systemDocuments.getByTestId('system-document')).toHaveText(['jobs.json Take out']);
}

test('a job list read as one system with its R gives the running jobs as the allocation', async ({ page, rscope, problems }) => {
  await rAndJobs(rscope);
  await page.getByTestId('system-read').locator('summary').click();
  await expect(page.getByTestId('system-output')).toHaveText([
    'r.json: an R (RFC 20): resources',
    'jobs.json: a job list (flux jobs --json), 4 jobs, 3 running: the allocation',
    'resources: 4 nodes, fake[0-3], 16 cores (from r.json)',
    'running jobs: 3, on ranks 0-3',
    'rank order: 0-3 are fake[0-3]',
    '',
  ].join('\n'));
  expect(problems).toEqual([]);
});

test('a shape fits around the running jobs of a job list in the system', async ({ rscope, problems }) => {
  await rAndJobs(rscope);
  await rscope.typeShape('node=1/core=2');
  await rscope.fitShape('worst');
  // Three jobs hold 13 of the 16 cores: only fake3 has two free.
  await expect(rscope.fitReason).toHaveText('fits now: 1 node, fake3, 2 cores; displaces no running job');
  expect(problems).toEqual([]);
});

test('a shape that does not fit now names the running jobs that would make way', async ({ rscope, problems }) => {
  await rAndJobs(rscope);
  await rscope.typeShape('node=1/core=4');
  await rscope.fitShape('worst');
  // fake3's two free cores are not four: the smallest job in the way,
  // ƒ2XGEF5h with the other two, would have to go (as rscope fit --displace says).
  await expect(rscope.fitReason).toHaveText('fits by displacing 1 running job: 1 node, fake3, 4 cores');
  await expect(rscope.fitShort).toHaveText('rank3/core[0-3]');
  await expect(rscope.fitDisplaced.getByRole('listitem')).toHaveText(['ƒ2XGEF5h, which holds rank3/core[0-1]']);
  await expect(rscope.fitAnswer).toHaveAttribute('data-status', 'notnow');
  expect(problems).toEqual([]);
});
