// Pasting an R document shows its version, node, core and GPU counts.
import { test, expect, shared } from './fixtures.js';

test('pasting the RFC 20 example shows its counts', async ({ page, context, problems }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  const input = page.getByLabel('R document (JSON)');
  await page.evaluate((text) => navigator.clipboard.writeText(text), shared('specs/rfc20-example1.json'));
  await input.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(page.getByTestId('version')).toHaveText('1');
  await expect(page.getByTestId('nodes')).toHaveText('4');
  await expect(page.getByTestId('cores')).toHaveText('192');
  await expect(page.getByTestId('gpus')).toHaveText('32');
  expect(problems).toEqual([]);
});

test('pasting broken JSON shows the parse error', async ({ page, problems }) => {
  await page.goto('/');
  await page.getByLabel('R document (JSON)').fill('{"version": 1,');
  await expect(page.getByRole('alert')).toHaveText(
    'not JSON: unterminated object',
  );
  expect(problems).toEqual([]);
});
