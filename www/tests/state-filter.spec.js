// #47 item 10: a state filter, as flux resource status -s takes its
// states (or list -s, for a list payload). Choosing one outlines its
// nodes on the grid, says which they are, and keeps only their rows in
// the drain table; "every state" puts the table back.
import { test, expect } from './fixtures.js';
import { example } from './rscope.js';

test('choosing a state outlines its nodes and keeps only their drain rows', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('node-states.json', example('node-states.json'));
  await expect(rscope.drainRows).toHaveCount(3);
  await expect(rscope.stateFilter.locator('option')).toHaveText([
    'every state', 'online: 14 nodes', 'avail: 10 nodes', 'offline: 2 nodes', 'exclude: 1 node',
    'drain: 4 nodes', 'drained: 4 nodes', 'torpid: 1 node',
  ]);
  await rscope.stateFilter.selectOption('offline');
  await expect(rscope.grid).toHaveAttribute('data-linked', '9,14');
  await expect(rscope.stateFilterWords).toHaveText('offline: 2 nodes, tioga[10,15] (ranks 9,14), outlined on the grid');
  await expect(rscope.drainRows).toHaveText([/node will not boot/]);
  expect(problems).toEqual([]);
});

test('every state puts the drain table back and clears the outline', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('node-states.json', example('node-states.json'));
  await rscope.stateFilter.selectOption('torpid');
  await expect(rscope.drainRows).toHaveCount(0);
  await expect(rscope.drains).toContainText('No drained node is in state torpid.');
  await rscope.stateFilter.selectOption('');
  await expect(rscope.drainRows).toHaveCount(3);
  await expect(rscope.grid).not.toHaveAttribute('data-linked', /./);
  expect(problems).toEqual([]);
});

test('a flux resource list payload filters by free, allocated and down', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('status.json', example('status.json'));
  await expect(rscope.stateFilter.locator('option')).toHaveText([
    'every state', 'free: 4 nodes', 'allocated: 3 nodes', 'down: 2 nodes',
  ]);
  await rscope.stateFilter.selectOption('allocated');
  await expect(rscope.grid).toHaveAttribute('data-linked', '0-2');
  await expect(rscope.stateFilterWords).toHaveText('allocated: 3 nodes, fluke[100-102] (ranks 0-2), outlined on the grid');
  expect(problems).toEqual([]);
});

test('hiding the other nodes leaves the state\'s nodes alone on the grid', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('node-states.json', example('node-states.json'));
  await expect(rscope.gridShape).toHaveText(/^16 nodes × /);
  await rscope.stateFilter.selectOption('offline');
  await rscope.stateFilterOnly.check();
  await expect(rscope.gridShape).toHaveText(/^2 nodes × /);
  await expect(rscope.stateFilterWords).toHaveText('offline: 2 nodes, tioga[10,15] (ranks 9,14), outlined on the grid');
  // Every state again: every node again, and the switch is gone.
  await rscope.stateFilter.selectOption('');
  await expect(rscope.gridShape).toHaveText(/^16 nodes × /);
  await expect(rscope.stateFilterOnly).toHaveCount(0);
  expect(problems).toEqual([]);
});
