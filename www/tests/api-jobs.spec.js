// The JS API's jobs part (pkg/rscope_jobs.js): a wasm module of its own
// that the page fetches only when `rscopeParts.jobs()` is first called,
// and once; its jobs and jobMap print flux-core's own expected output for
// a t/flux-jobs case and the map of a recorded instance, and refuse wrong
// arguments with a message.
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.js';

const fixture = (path) => readFileSync(new URL(`../../tests/fixtures/flux-jobs/${path}`, import.meta.url), 'utf8');

test('the jobs part is fetched on first use, once, and prints as flux jobs does', async ({ page, rscope, problems }) => {
  const fetched = [];
  page.on('request', (r) => { if (/rscope_jobs/.test(r.url())) fetched.push(new URL(r.url()).pathname); });
  await rscope.load();
  expect(fetched, 'the page loads without the jobs part').toEqual([]);
  const input = fixture('flux-core/contextual_info/input');
  const format = fixture('flux-core/contextual_info/format').trim();
  const answers = await page.evaluate(async ({ input, format, list, r }) => {
    const part = await window.rscopeParts.jobs();
    const again = await window.rscopeParts.jobs();
    const refused = (f) => { try { f(); return 'no error'; } catch (e) { return e.message; } };
    return {
      same: part === again,
      listed: part.jobs(input, { format, noHeader: true, now: 1700000000 }),
      // FLUX_JOBS_FORMAT_DEFAULT's stand-in: the format when none is given.
      defaulted: part.jobs(input, { formatDefault: '{id.f58} {name} {ncores}', noHeader: true, now: 1700000000 }),
      mapped: part.jobMap(list, r),
      notText: refused(() => part.jobs(42)),
      badUsers: refused(() => part.jobs('', { users: ['root'] })),
      badNow: refused(() => part.jobMap('', '', { now: 'soon' })),
    };
  }, { input, format, list: fixture('live/jobs.json'), r: fixture('live/conf.d/R') });
  expect(answers.same).toBe(true);
  expect(answers.listed).toEqual({ stdout: fixture('flux-core/contextual_info/output'), stderr: '', code: 0 });
  // What `FLUX_JOBS_FORMAT_DEFAULT='{id.f58} {name} {ncores}' rscope jobs -n` prints.
  expect(answers.defaulted).toEqual({
    stdout: 'ƒ2JmGJH5 hostname \nƒ2JmGJH5 hostname \nƒ2RsQrcw hostname \nƒ2Z5VN6B hostname \nƒ2ARxLQf sleep \nƒvVy5pj hostname \n',
    stderr: '',
    code: 0,
  });
  expect(answers.mapped).toEqual({
    stdout: 'RANK HOST  FREE      JOBS\n'
      + '0    fake0 -         ƒ28k79ou core[0-3]\n'
      + '1    fake1 -         ƒ28k79ou core[0-3]\n'
      + '2    fake2 core3     ƒ2KWFwT5 core[0-2]\n'
      + '3    fake3 core[2-3] ƒ2XGEF5h core[0-1]\n',
    stderr: '',
    code: 0,
  });
  expect(answers.notText).toBe('jobs: list must be a string (job-list objects, one per line), not a number');
  expect(answers.badUsers).toBe('jobs: option users must map user ids to names ({"1000": "alice"})');
  expect(answers.badNow).toBe('jobMap: option now must be a number of seconds since the epoch');
  expect(fetched.sort()).toEqual(['/pkg/rscope_jobs.js', '/pkg/rscope_jobs_bg.wasm']);
  expect(problems).toEqual([]);
});
