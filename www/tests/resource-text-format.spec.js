// The text flux resource status prints for a payload follows the format
// typed, as rscope resource status -o prints it.
import { test, expect } from './fixtures.js';

test('a format string typed reshapes the flux resource status text', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('Node states — 16 nodes drained, offline, torpid and excluded, as flux resource status reads them');
  await rscope.showResourceText();
  await expect(rscope.resourceOutput).toContainText('avail ✔      9 tioga[1-4,7,9,11-12,14]');
  await rscope.formatResourceText('{state:>10} {nnodes:>3} {ranks}');
  await expect(rscope.resourceOutput).toHaveText([
    '     STATE NNODES RANKS',
    '     avail   9 0-3,6,8,10-11,13',
    '    avail*   1 14',
    '   exclude   1 15',
    '    torpid   1 7',
    '   drained   3 4-5,12',
    '  drained*   1 9',
    '',
  ].join('\n'));
  expect(problems).toEqual([]);
});
