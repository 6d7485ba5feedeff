// A conf.d folder opened in the configuration box is merged as the broker
// merges it (every *.toml file, in name order) into the JSON flux config
// get prints, and shows the R it makes.
import { test, expect } from './fixtures.js';
import { fileURLToPath } from 'node:url';

// The project's two-file fixture: [resource] config in one, [bootstrap]
// hosts in the other.
const TINY = fileURLToPath(new URL('../../tests/fixtures/config/tiny', import.meta.url));

test('a conf.d folder is merged into one configuration', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openConfigFolder(TINY);
  await expect(rscope.configRWords).toHaveText('[resource] config makes an R of 4 nodes: tiny[1-4], 16 cores, as flux R parse-config prints it.');
  await expect(rscope.queueConfig.getByLabel('Flux configuration')).toHaveValue(/"curve_cert": "\/etc\/flux\/system\/curve.cert"/);
  await expect(rscope.queueConfig.getByTestId('open-config-reranked')).toBeVisible();
  expect(problems).toEqual([]);
});
