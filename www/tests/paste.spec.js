// Pasting an R document shows its version, node, core and GPU counts.
import { test, expect, example } from './fixtures.js';

test('pasting the RFC 20 example shows its counts', async ({ rscope, problems }) => {
  await rscope.load();
  // RFC 20's example 1, byte for byte.
  await rscope.paste(example('rfc20.json'));
  await expect(rscope.summary('version')).toHaveText('1');
  await expect(rscope.summary('nodes')).toHaveText('4');
  await expect(rscope.summary('cores')).toHaveText('192');
  await expect(rscope.summary('gpus')).toHaveText('32');
  expect(problems).toEqual([]);
});

test('pasting broken JSON shows the parse error', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill('{"version": 1,');
  await expect(rscope.alert).toHaveText(
    'not JSON: unterminated object',
  );
  expect(problems).toEqual([]);
});
