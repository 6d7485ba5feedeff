// Pasting a multi-megabyte R shows it read-only (fast) and analyses it.
import { test, expect } from './fixtures.js';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const generator = fileURLToPath(new URL('../../scripts/gen-fragmented-r.py', import.meta.url));
const fragmented = (nodes) => execFileSync('python3', [generator, String(nodes)], { maxBuffer: 64 << 20 }).toString();

test('a large paste opens in the read-only viewer', async ({ page, rscope, problems }) => {
  const doc = fragmented(6000);
  expect(doc.length).toBeGreaterThan(1 << 20);
  await rscope.load();
  await rscope.paste(doc);
  await expect(rscope.viewer).toContainText('shown read-only to keep the page fast');
  await expect(rscope.summary('nodes')).toHaveText('6000');
  // The generator writes one line and a newline; the viewer numbers them.
  await expect(rscope.viewer.locator('.vline .num')).toHaveText(['1', '2']);
  await page.getByRole('button', { name: 'edit it anyway' }).click();
  await expect(rscope.editor).toHaveValue(doc);
  expect(problems).toEqual([]);
});

test('a small tab shown after a large one has its text back in the editor', async ({ rscope, problems }) => {
  const doc = fragmented(6000);
  const small = '{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-1"}}]}}';
  await rscope.load();
  await rscope.fill(small);
  await expect(rscope.summary('cores')).toHaveText('2');
  // Open the large one as tab B (a drop), then go back to A.
  await rscope.drop('big.json', doc);
  await expect(rscope.viewer).toBeVisible();
  await expect(rscope.summary('nodes')).toHaveText('6000');
  await rscope.selectTab('A');
  await expect(rscope.editor).toHaveValue(small);
  // Typing edits A, not an empty box.
  await rscope.editor.press('End');
  await rscope.editor.pressSequentially(' ');
  await expect(rscope.editor).toHaveValue(`${small} `);
  await expect(rscope.summary('cores')).toHaveText('2');
  expect(problems).toEqual([]);
});
