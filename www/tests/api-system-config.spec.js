// The JS API's systemConfig reads a configuration as the page's box does:
// what `rscope config` prints, the R it makes and its re-ranked form.
import { test, expect } from './fixtures.js';

const TINY = '[[resource.config]]\nhosts = "tiny[1-2]"\ncores = "0-1"\n[bootstrap]\nhosts = [{ host = "tiny[2,1]" }]\n';
const R = '{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-1"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["tiny[1-2]"]}}';
const RERANKED = R.replace('tiny[1-2]', 'tiny[2,1]');

test('systemConfig answers what the configuration box shows', async ({ page, rscope, problems }) => {
  await rscope.load();
  const seen = await page.evaluate((toml) => {
    const api = window.rscope;
    let refused = null;
    try { api.systemConfig('[resource]\npath = \n'); } catch (e) { refused = e.message; }
    return {
      view: api.systemConfig(toml),
      json: api.systemConfig(JSON.stringify({ resource: { path: '/etc/flux/system/R' } })),
      none: api.systemConfig('[queues.batch]\n'),
      refused,
    };
  }, TINY);
  expect(seen.view).toEqual({
    report: `R:\n${R}\nR re-ranked by [bootstrap] hosts, as the instance ranks it:\n${RERANKED}\nRANK  [bootstrap] hosts  R\n   0  tiny2              tiny1\n   1  tiny1              tiny2\nnote: the instance re-ranks this R by [bootstrap] hosts, so these ranks move\nnote: rank 0 is tiny1 in the R but tiny2 in [bootstrap] hosts\nnote: rank 1 is tiny2 in the R but tiny1 in [bootstrap] hosts\n`,
    errors: false,
    r: R,
    rWords: '2 nodes: tiny[1-2], 4 cores',
    reranked: RERANKED,
    path: null,
  });
  expect(seen.json.path).toBe('/etc/flux/system/R');
  expect(seen.json.r).toBe(null);
  expect(seen.none).toBe(null);
  expect(seen.refused).toBe('systemConfig: configuration:2:8: string values must be quoted, expected literal string');
  expect(problems).toEqual([]);
});
