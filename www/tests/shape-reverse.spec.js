// A pasted jobspec (YAML) is written back as the shortest shape.
import { test, expect } from './fixtures.js';

const JOBSPEC = `version: 1
resources:
- type: node
  count: 2
  with:
  - type: slot
    label: task
    count: 1
    with:
    - type: core
      count: 4
`;

test('a pasted jobspec shows the shortest shape that writes it', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.reverseShape(JOBSPEC);
  await expect(rscope.reverseOutput).toHaveText('node=2/slot/core=4');
  expect(problems).toEqual([]);
});
