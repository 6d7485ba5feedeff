// The configuration box shows what [resource] and [bootstrap] make: the
// R that [resource] config makes, that R re-ranked when [bootstrap]
// hosts orders the ranks differently (each opened as a tab), the file
// [resource] path names, and exactly what `rscope config` prints.
import { test, expect } from './fixtures.js';

const TINY = '[[resource.config]]\nhosts = "tiny[1-4]"\ncores = "0-3"\n\n[bootstrap]\nhosts = [\n  { host = "tiny4" },\n  { host = "tiny[1-3]" },\n]\n';
const R = '{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-3"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["tiny[1-4]"]}}';
const RERANKED = R.replace('tiny[1-4]', 'tiny[4,1-3]');
// What `rscope config` prints for TINY.
const PRINTED = `R:
${R}
R re-ranked by [bootstrap] hosts, as the instance ranks it:
${RERANKED}
RANK  [bootstrap] hosts  R
   0  tiny4              tiny1
   1  tiny1              tiny2
   2  tiny2              tiny3
   3  tiny3              tiny4
note: the instance re-ranks this R by [bootstrap] hosts, so these ranks move
note: rank 0 is tiny1 in the R but tiny4 in [bootstrap] hosts
note: rank 1 is tiny2 in the R but tiny1 in [bootstrap] hosts
note: rank 2 is tiny3 in the R but tiny2 in [bootstrap] hosts
note: rank 3 is tiny4 in the R but tiny3 in [bootstrap] hosts
`;

test('a configuration shows the R it makes and what rscope config prints', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.typeConfig(TINY);
  await expect(rscope.configRWords).toHaveText('[resource] config makes an R of 4 nodes: tiny[1-4], 16 cores, as flux R parse-config prints it.');
  await expect(rscope.queueConfig.getByTestId('config-reranked-why')).toBeVisible();
  expect(await rscope.configReport.textContent()).toBe(PRINTED);
  expect(problems).toEqual([]);
});

test('the re-ranked R opens as a tab whose ranks agree with [bootstrap] hosts', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.typeConfig(TINY);
  await rscope.openConfigR({ reranked: true });
  await expect(rscope.editor).toHaveValue(RERANKED);
  await expect(rscope.grid).toBeVisible();
  await expect.poll(() => rscope.rowLabels()).toEqual(['tiny4 (0)', 'tiny1 (1)', 'tiny2 (2)', 'tiny3 (3)']);
  await expect(rscope.rankOrderFindings).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('[resource] path offers to open the R file it names', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.typeConfig('[resource]\npath = "/etc/flux/system/R"\n');
  await expect(rscope.configPath).toHaveText('[resource] path names /etc/flux/system/R: the instance reads its R from that file. Open it to see its nodes beside this configuration.');
  await rscope.openConfigPathFile('R', R);
  await expect(rscope.editor).toHaveValue(R);
  expect(problems).toEqual([]);
});
