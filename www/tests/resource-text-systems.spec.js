// "As flux resource prints it" on every kind of system that has
// resources: a status payload prints its own states, and a system without
// the payload a command reads has one made from its resources, with a
// note that says so.
import { test, expect } from './fixtures.js';
import { cli, fixture } from './rscope.js';

const NONE_OPEN = "no flux resource payload is open: this reads the system's resources with every node online and free";

test('an R prints as flux resource status with every node up', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('The RFC 20 example — 4 nodes with 48 cores and 8 GPUs each');
  await rscope.showResourceText();
  await expect(rscope.resourceNote).toHaveText(NONE_OPEN);
  await expect(rscope.resourceOutput).toHaveText('       STATEUP NNODES NODELIST\n       avail ✔      4 node[186-189]\n');
  expect(problems).toEqual([]);
});

test('a status payload prints as flux resource list, its unavailable nodes down', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(fixture('flux-resource/status/drain.json'));
  await rscope.showResourceText();
  await rscope.pickResourceCommand('list');
  await expect(rscope.resourceNote).toHaveText('no list payload is open: the nodes the status payload says cannot run a job read as down, and nothing as allocated');
  await expect(rscope.resourceOutput).toHaveText([
    '     STATE NNODES NCORES NGPUS NODELIST',
    '      free      2      8     0 foo[3-4]',
    ' allocated      0      0     0 ',
    '      down      2      8     0 foo[1-2]',
    '',
  ].join('\n'));
  expect(problems).toEqual([]);
});

test('a list payload prints as flux resource list from its own sets', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('A status document — all, down and allocated sets, as flux resource list reads');
  await rscope.showResourceText();
  await rscope.pickResourceCommand('list');
  await expect(rscope.resourceNote).toHaveCount(0);
  await expect(rscope.resourceOutput).toContainText('allocated');
  expect(problems).toEqual([]);
});

test('a bare graph prints as flux resource drain with no node drained', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(fixture('jgf/power.json'));
  await rscope.showResourceText();
  await rscope.pickResourceCommand('drain');
  await expect(rscope.resourceNote).toHaveText(NONE_OPEN);
  await expect(rscope.resourceOutput).toHaveText('TIME         STATE    REASON                         NODELIST\n');
  expect(problems).toEqual([]);
});

test('an hwloc topology prints as flux resource list', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('An hwloc topology — one node of two packages, 16 cores, as lstopo writes it');
  await rscope.showResourceText();
  await rscope.pickResourceCommand('list');
  await expect(rscope.resourceOutput).toHaveText([
    '     STATE NNODES NCORES NGPUS NODELIST',
    '      free      1     16     0 localhost',
    ' allocated      0      0     0 ',
    '      down      0      0     0 ',
    '',
  ].join('\n'));
  expect(problems).toEqual([]);
});

test('a list payload prints as flux resource info, as rscope resource info prints it', async ({ rscope, problems }) => {
  const payload = fixture('flux-resource/list/fluke.json');
  await rscope.load();
  await rscope.fill(payload);
  await rscope.showResourceText();
  await rscope.pickResourceCommand('info');
  await expect(rscope.resourceOutput).toHaveText(cli(['resource', 'info', '--from-stdin'], payload).stdout);
  await expect(rscope.resourceText.getByTestId('resource-format')).toBeDisabled();
  await expect(rscope.resourceNote).toHaveCount(0);
  expect(problems).toEqual([]);
});
