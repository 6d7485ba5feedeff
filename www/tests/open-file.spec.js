// Opening a file from disk puts it in a tab named after the file.
import { test, expect, example } from './fixtures.js';

test('open file reads the chosen document', async ({ rscope, problems }) => {
  await rscope.load();
  // RFC 20's example 1, byte for byte.
  await rscope.openFile('four-nodes.json', example('rfc20.json'));
  await expect(rscope.tab('A')).toHaveText('A four-nodes.json');
  await expect(rscope.summary('gpus')).toHaveText('32');
  expect(problems).toEqual([]);
});
