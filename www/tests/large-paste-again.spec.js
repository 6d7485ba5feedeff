// Pasting the same large R again changes nothing, and the next document
// is analysed as itself: a large paste is sent to the worker before it
// reaches the tab, and one that changed nothing must not leave the next
// change waiting for its answer.
import { test, expect } from './fixtures.js';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const generator = fileURLToPath(new URL('../../scripts/gen-fragmented-r.py', import.meta.url));
const fragmented = (nodes) => execFileSync('python3', [generator, String(nodes)], { maxBuffer: 64 << 20 }).toString();

test('pasting the same large R again, then opening another, shows the other', async ({ page, rscope, problems }) => {
  test.slow();
  const doc = fragmented(6000);
  await rscope.load();
  await rscope.paste(doc);
  await expect(rscope.summary('nodes')).toHaveText('6000');
  await rscope.viewer.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(rscope.summary('nodes')).toHaveText('6000');
  await expect(page.getByRole('tab')).toHaveCount(1);
  await rscope.drop('small.json', '{"version":1,"execution":{"R_lite":[{"rank":"0-3","children":{"core":"0-1"}}]}}');
  await expect(rscope.summary('nodes')).toHaveText('4');
  await expect(rscope.summary('cores')).toHaveText('8');
  expect(problems).toEqual([]);
});
