// "Read as one system" prints what the tab and the configuration say
// together, as rscope system does, with the findings where they disagree.
import { test, expect } from './fixtures.js';
import { readFileSync } from 'node:fs';

const SYSTEM = readFileSync(new URL('../../static/examples/system.toml', import.meta.url), 'utf8');

test('an R and a configuration that disagree are read as one system, with findings', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('The RFC 20 example — 4 nodes with 48 cores and 8 GPUs each');
  await rscope.typeConfig(SYSTEM);
  await page.getByTestId('system-read').locator('summary').click();
  await expect(page.getByTestId('system-output')).toHaveText([
    'The RFC 20 example: an R (RFC 20): resources',
    'configuration: a system configuration: resources, the rank order, queues',
    'resources: 4 nodes, node[186-189], 192 cores, 32 GPUs (from The RFC 20 example)',
    'rank order: 0-7 are node[1-8]',
    'finding: The RFC 20 example: its host node186 (rank 19) is not in [bootstrap] hosts',
    "finding: [resource] config differs from The RFC 20 example's resources: ranks 0-7 against 19-22",
    '',
  ].join('\n'));
  expect(problems).toEqual([]);
});
