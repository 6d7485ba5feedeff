// The constraint field and the colourings work on every kind of system
// that has resources, each opened as a user would: a status payload, a
// list payload, a bare graph and an hwloc topology (an R is every other
// spec's). The configuration's queues colour any of them.
import { test, expect } from './fixtures.js';
import { fixture, topology } from './rscope.js';

const kinds = {
  'a status payload': { open: (r) => r.fill(fixture('flux-resource/status/example.json')), words: '1 of 4 nodes match: foo1 (ranks 0)' },
  'a list payload': { open: (r) => r.fill(fixture('flux-resource/list/fluke.json')), words: '1 of 101 nodes match: fluke3 (ranks 0)' },
  'a bare graph': { open: (r) => r.fill(fixture('jgf/power.json')), words: '1 of 3 nodes match: node0 (ranks 0)' },
  'an hwloc topology': { open: (r) => r.drop('caches.xml', topology('caches.xml'), 'header'), words: '1 of 1 node match: localhost (ranks 0)' },
};

for (const [kind, { open, words }] of Object.entries(kinds)) {
  test(`a constraint outlines the nodes of ${kind}`, async ({ rscope, problems }) => {
    await rscope.load();
    await open(rscope);
    await expect(rscope.grid).toBeVisible();
    await rscope.typeConstraint('rank:0');
    await expect(rscope.constraintWords).toHaveText(words);
    expect(problems).toEqual([]);
  });
}

test('a list payload is coloured by state: free, allocated and down', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(fixture('flux-resource/list/fluke.json'));
  await expect(rscope.legendItems).toHaveText(['free: 352 cores', 'allocated: none', 'down: 52 cores']);
  expect(problems).toEqual([]);
});

test("a bare graph is coloured by the configuration's queues", async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(fixture('jgf/power.json'));
  await expect(rscope.grid).toBeVisible();
  await rscope.typeConfig('[queues.batch]\n');
  await expect.poll(() => rscope.colorChoice()).toBe('queue (from the configuration)');
  await expect(rscope.legendItems).toHaveText(['queue batch: 3 nodes']);
  expect(problems).toEqual([]);
});

test('an hwloc topology shows the summary of the R it makes', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.drop('caches.xml', topology('caches.xml'), 'header');
  await expect(rscope.summary('nodes')).toHaveText('1');
  await expect(rscope.summary('cores')).toHaveText('12');
  expect(problems).toEqual([]);
});
