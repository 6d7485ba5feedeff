// The constraint field over the grid: a --requires query or its RFC 31
// JSON outlines the nodes it selects as it is typed, says how many and
// which, the JSON a query stands for, and why a node is left out.
import { test, expect } from './fixtures.js';
import { FOUR_NODES_PROPERTIES } from './rscope.js';

test('a query outlines the nodes it selects and shows its JSON', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(FOUR_NODES_PROPERTIES);
  await expect(rscope.grid).toBeVisible();
  await rscope.typeConstraint('gpu -host:node1');
  await expect(rscope.constraintWords).toHaveText('1 of 4 nodes match: node0 (ranks 0)');
  await expect(rscope.constraintJson).toHaveText('{"and": [{"properties": ["gpu"]}, {"not": [{"hostlist": ["node1"]}]}]}');
  await expect(rscope.constraintWhy).toHaveText('Left out, for example: node1 (rank 1): host node1 is excluded by not');
  await expect(rscope.grid).toHaveAttribute('data-linked', '0');
  expect(problems).toEqual([]);
});

test('the JSON form negates a property with ^', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(FOUR_NODES_PROPERTIES);
  await expect(rscope.grid).toBeVisible();
  await rscope.typeConstraint('{"properties": ["^gpu"]}');
  await expect(rscope.constraintWords).toHaveText('2 of 4 nodes match: node[2-3] (ranks 2-3)');
  await expect(rscope.constraintJson).toHaveCount(0);
  await expect(rscope.grid).toHaveAttribute('data-linked', '2-3');
  expect(problems).toEqual([]);
});

test('a constraint that does not read says why and outlines nothing', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(FOUR_NODES_PROPERTIES);
  await expect(rscope.grid).toBeVisible();
  await rscope.typeConstraint('gpu and (');
  await expect(rscope.constraintError).toHaveText('The constraint does not read: unclosed parenthesis in position 8');
  await expect(rscope.grid).not.toHaveAttribute('data-linked', /./);
  expect(problems).toEqual([]);
});

test('a constraint the two readings answer apart says so in one line', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(FOUR_NODES_PROPERTIES);
  await expect(rscope.grid).toBeVisible();
  // #48: as today's scheduler (Rv1Set) reads it, an empty "or" selects
  // nothing; librlist selected every node.
  await rscope.typeConstraint('{"or": []}');
  await expect(rscope.constraintWords).toHaveText('no node of 4 nodes matches');
  await expect(rscope.constraintNote).toHaveText(
    'note: librlist (flux-core before sched-simple in Python, and Fluxion) reads this constraint otherwise: it selects every node',
  );
  expect(problems).toEqual([]);
});
