// <rscope-view jobs=…> (#50): the grid coloured by the running job holding
// each core and GPU, as the page colours it, the job list read by the job
// list part (rscope_jobs.js), which only such an element loads; color-by
// regroups the cells by user or queue; a list that cannot be read is said
// above the views, which are drawn without it.
import { test, expect } from './fixtures.js';
import { elementHost, rscopeView, viewDrawn, viewTag } from './rscope.js';

const RFC20 = '/static/examples/rfc20.json';
const JOBS = '/static/examples/rfc20-jobs.json';
const FREE = 'free (held by no running job)';

test('an element with jobs= colours its grid by the job holding each core and GPU', async ({ page, problems }) => {
  const parts = [];
  page.on('request', (r) => { if (r.url().includes('rscope_jobs')) parts.push(new URL(r.url()).pathname.split('/').pop()); });
  await elementHost(page, viewTag({ src: RFC20, jobs: JOBS, view: 'grid' }));
  const view = rscopeView(page);
  await viewDrawn(view);
  await expect(view.getByTestId('legend').locator('li')).toHaveText([
    'ƒJG (lammps): 96 cores and 16 gpus on 2 nodes',
    'ƒbX (hostname): 4 cores on 1 node',
    FREE,
  ]);
  await expect(view.getByTestId('embed-note')).toHaveCount(0);
  expect(parts.sort()).toEqual(['rscope_jobs.js', 'rscope_jobs_bg.wasm']);
  expect(problems).toEqual([]);
});

test('color-by=user regroups the same cells by the user running each job', async ({ page, problems }) => {
  await elementHost(page, viewTag({ src: RFC20, jobs: JOBS, view: 'grid', 'color-by': 'user' }));
  const view = rscopeView(page);
  await viewDrawn(view);
  await expect(view.getByTestId('legend').locator('li')).toHaveText([
    'user 5001: 1 running job',
    'user 5002: 1 running job',
    FREE,
  ]);
  expect(problems).toEqual([]);
});

test('a job list that cannot be read is said above the views, drawn without it', async ({ page, problems }) => {
  await elementHost(page, viewTag({ src: RFC20, jobs: RFC20, view: 'grid' }));
  const view = rscopeView(page);
  await viewDrawn(view);
  await expect(view.getByTestId('embed-error')).toHaveText(
    'The job list /static/examples/rfc20.json could not be read: the job list is not flux jobs --json output or job-list objects one per line. The grid is drawn without it.',
  );
  await expect(view.getByTestId('legend').locator('li').first()).toHaveText(/^core/);
  expect(problems).toEqual([]);
});
