// Opening an embed keeps the reader's own tabs as they were: the iframe
// mode neither reads nor stores documents.
import { test, expect } from './fixtures.js';

test('an embed adds no tab to the stored documents', async ({ page, rscope, problems }) => {
  const doc = '{"version":1,"execution":{"R_lite":[{"rank":"0","children":{"core":"0-5"}}]}}';
  await rscope.load();
  await rscope.fill(doc);
  await rscope.saved(doc);
  await rscope.embed({ url: 'static/examples/rfc20.json' });
  await expect(rscope.summary('cores')).toHaveText('192');
  await rscope.load();
  await expect(rscope.summary('cores')).toHaveText('6');
  await expect(rscope.tab('B')).toHaveCount(0);
  expect(problems).toEqual([]);
});
