// A system configuration opened with the toolbar's Open file… is read by
// its content: it becomes the configuration (the box under Queues, whose
// R and rank order show), not a tab of "not JSON".
import { test, expect } from './fixtures.js';
import { fixture } from './rscope.js';

test('a TOML configuration through Open file becomes the configuration', async ({ rscope, problems }) => {
  const toml = fixture('config/tiny/10-bootstrap.toml');
  await rscope.load('/?url=static/examples/rfc20.json');
  await expect(rscope.grid).toBeVisible();
  await rscope.openFile('10-bootstrap.toml', toml);
  await expect(rscope.status).toHaveText(
    "read 10-bootstrap.toml as a system configuration: tab A's configuration box under Queues holds it now");
  await expect(rscope.queueConfig.getByLabel('Flux configuration')).toHaveValue(toml);
  // No tab was opened for it.
  await expect(rscope.tab('B')).toHaveCount(0);
  expect(problems).toEqual([]);
});
