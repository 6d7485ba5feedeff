// A system configuration pasted over the whole editor is read by its
// content: it becomes the configuration (the box under Queues), and the
// tab keeps the R it held, instead of turning into "not JSON".
import { test, expect } from './fixtures.js';
import { fixture } from './rscope.js';

test('a TOML configuration pasted over the editor becomes the configuration', async ({ rscope, problems }) => {
  const toml = fixture('config/tiny/10-bootstrap.toml');
  await rscope.load('/?url=static/examples/rfc20.json');
  await expect(rscope.grid).toBeVisible();
  await rscope.pasteOver(toml);
  await expect(rscope.status).toHaveText(
    "read the pasted text as a system configuration: tab A's configuration box under Queues holds it now");
  await expect(rscope.queueConfig.getByLabel('Flux configuration')).toHaveValue(toml);
  await expect(rscope.editor).toHaveValue(/"R_lite"/);
  await expect(rscope.tab('B')).toHaveCount(0);
  expect(problems).toEqual([]);
});
