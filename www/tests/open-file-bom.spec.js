// A file that starts with a UTF-8 byte order mark opens as the browser
// reads text: the mark is dropped, and the R is read from its first brace.
import { test, expect, example } from './fixtures.js';

test('a file with a byte order mark opens without it', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('bom.json', `\uFEFF${example('rfc20.json')}`);
  await expect(rscope.tab('A')).toHaveText('A bom.json');
  await expect(rscope.summary('gpus')).toHaveText('32');
  await expect(rscope.findings('not JSON')).toHaveCount(0);
  expect(problems).toEqual([]);
});
