// The core is downloaded and compiled once: the page compiles the wasm and
// hands the module to each worker as it starts (crates/rscope-web/src/channel.rs), so
// the analysis worker, and the set and shape workers when first used,
// never fetch it again.
import { test, expect, example } from './fixtures.js';

test('the wasm core is fetched once for the page and its analysis worker', async ({ page, rscope, problems }) => {
  const fetched = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.wasm')) fetched.push(new URL(r.url()).pathname);
  });
  await rscope.load();
  await rscope.fill(example('rfc20.json'));
  await expect(rscope.summary('nodes')).toHaveText('4');
  expect(fetched).toEqual(['/pkg/rscope_bg.wasm']);
  expect(problems).toEqual([]);
});
