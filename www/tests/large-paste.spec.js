// Pasting a multi-megabyte R shows it read-only (fast) and analyses it.
import { test, expect } from './fixtures.js';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const generator = fileURLToPath(new URL('../../scripts/gen-fragmented-r.py', import.meta.url));

test('a large paste opens in the read-only viewer', async ({ page, context, problems }) => {
  const doc = execFileSync('python3', [generator, '6000'], { maxBuffer: 64 << 20 }).toString();
  expect(doc.length).toBeGreaterThan(1 << 20);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await page.evaluate((text) => navigator.clipboard.writeText(text), doc);
  await page.getByLabel('R document (JSON)').focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(page.getByTestId('viewer')).toContainText('shown read-only to keep the page fast');
  await expect(page.getByTestId('nodes')).toHaveText('6000');
  // The generator writes one line and a newline; the viewer numbers them.
  await expect(page.getByTestId('viewer').locator('.vline .num')).toHaveText(['1', '2']);
  await page.getByRole('button', { name: 'edit it anyway' }).click();
  await expect(page.getByLabel('R document (JSON)')).toHaveValue(doc);
  expect(problems).toEqual([]);
});

test('a small tab shown after a large one has its text back in the editor', async ({ page, problems }) => {
  const doc = execFileSync('python3', [generator, '6000'], { maxBuffer: 64 << 20 }).toString();
  const small = '{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-1"}}]}}';
  await page.goto('/');
  const input = page.getByLabel('R document (JSON)');
  await input.fill(small);
  await expect(page.getByTestId('cores')).toHaveText('2');
  // Open the large one as tab B (a drop), then go back to A.
  const data = await page.evaluateHandle((text) => {
    const t = new DataTransfer();
    t.items.add(new File([text], 'big.json', { type: 'application/json' }));
    return t;
  }, doc);
  await page.dispatchEvent('body', 'drop', { dataTransfer: data });
  await expect(page.getByTestId('viewer')).toBeVisible();
  await expect(page.getByTestId('nodes')).toHaveText('6000');
  await page.getByTestId('tab-A').click();
  await expect(input).toHaveValue(small);
  // Typing edits A, not an empty box.
  await input.press('End');
  await input.pressSequentially(' ');
  await expect(input).toHaveValue(`${small} `);
  await expect(page.getByTestId('cores')).toHaveText('2');
  expect(problems).toEqual([]);
});
