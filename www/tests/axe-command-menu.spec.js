// The command menu, open with a command chosen, has no accessibility
// violation in either theme.
import { test, expect } from './fixtures.js';
import { violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`the command menu in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await page.keyboard.press('Control+K');
    await expect(page.getByTestId('command-field')).toBeFocused();
    await page.keyboard.type('go');
    await expect(page.getByRole('option', { name: 'Go to the grid' })).toHaveAttribute('aria-selected', 'true');
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
