// A configuration's [bootstrap] hosts beside an R: each rank whose host
// is not the one that order gives it is named with both hosts (the node
// would drain), and hosts that do not read say where.
import { test, expect } from './fixtures.js';

const EXAMPLE = 'Node states — 16 nodes drained, offline, torpid and excluded, as flux resource status reads them';

test('ranks whose hosts differ from [bootstrap] hosts are named', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample(EXAMPLE);
  await expect(rscope.drainRows).toHaveCount(3);
  await rscope.typeConfig('[bootstrap]\nhosts = [\n  { host = "tioga[2,1]" },\n  { host = "tioga[3-16]" },\n]\n');
  await expect(rscope.rankOrderFindings).toHaveText([
    'rank 0 is tioga1 in the R but tioga2 in [bootstrap] hosts',
    'rank 1 is tioga2 in the R but tioga1 in [bootstrap] hosts',
  ]);
  expect(problems).toEqual([]);
});

test('bootstrap hosts that do not read say which entry', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample(EXAMPLE);
  await expect(rscope.drainRows).toHaveCount(3);
  await rscope.typeConfig('[bootstrap]\nhosts = [{ host = "tioga[1-" }]\n');
  await expect(rscope.rankOrderError).toHaveText("bootstrap.hosts[0]: invalid hostlist 'tioga[1-': unclosed '[' at column 6");
  await expect(rscope.rankOrderFindings).toHaveCount(0);
  expect(problems).toEqual([]);
});
