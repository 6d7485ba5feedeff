// RFC 20's own example 1, as the spec publishes it: the page's built-in
// RFC 20 example is that text byte for byte, and pasting it shows its counts.
import { test, expect, example } from '../tests/fixtures.js';
import { corpusFile } from './corpus.js';

test('the built-in RFC 20 example is the RFC text', () => {
  expect(example('rfc20.json')).toBe(corpusFile('specs/rfc20-example1.json'));
});

test('pasting RFC 20 example 1 from the spec shows its counts', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.paste(corpusFile('specs/rfc20-example1.json'));
  await expect(rscope.summary('version')).toHaveText('1');
  await expect(rscope.summary('nodes')).toHaveText('4');
  await expect(rscope.summary('cores')).toHaveText('192');
  await expect(rscope.summary('gpus')).toHaveText('32');
  expect(problems).toEqual([]);
});
