// Verify answers in the panel, in flux R verify's words, and opens no tab;
// as flux R verify only checks the second tab's one rank, the panel also
// says how the two sets stand as wholes: equal, subset, superset or
// neither, with what the second adds and removes.
import { test, expect } from './fixtures.js';
import { cli } from './rscope.js';

const EXPECTED = cli(['R', 'encode', '-r', '0-3', '-c', '0-7', '-H', 'n[0-3]']).stdout;

test('verify says what the found rank has beyond what is expected', async ({ rscope, problems }) => {
  const found = cli(['R', 'encode', '-r', '2', '-c', '0-9', '-H', 'n2']).stdout;
  await rscope.load();
  await rscope.openTabs([['expected.json', EXPECTED], ['found.json', found]]);
  await rscope.combine('verify', ['A', 'B']);
  await expect(rscope.setopsMessage).toHaveText(
    'verified, with a note: rank 2 (n2) has extra resources: core[8-9]. '
    + 'As wholes, B is neither a subset nor a superset of A (adds core[8-9] on n2; removes n[0-1,3])',
  );
  await expect(rscope.tab('C')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('verify of one node of four says the second tab is a subset of the first', async ({ rscope, problems }) => {
  const one = cli(['R', 'encode', '-r', '2', '-c', '0-7', '-H', 'n2']).stdout;
  await rscope.load();
  await rscope.openTabs([['expected.json', EXPECTED], ['one.json', one]]);
  await rscope.combine('verify', ['A', 'B']);
  await expect(rscope.setopsMessage).toHaveText(
    "verified: B's one rank holds what A expects of that rank. As wholes, B is a subset of A (removes n[0-1,3])",
  );
  expect(problems).toEqual([]);
});
