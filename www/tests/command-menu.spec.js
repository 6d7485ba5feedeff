// The command menu: Ctrl+K opens it anywhere, a few letters find a page
// action by name, and Enter runs it as a click or a Tab would; a word that
// names a host, ranks or a property outlines them on the grid.
import { test, expect } from './fixtures.js';

test('Ctrl+K, a few letters and Enter take the configuration tour', async ({ page, rscope, problems }) => {
  await rscope.load();
  await page.keyboard.press('Control+K');
  await expect(page.getByTestId('command-field')).toBeFocused();
  await page.keyboard.type('tour conf');
  await expect(page.getByTestId('command-list').getByRole('option'))
    .toHaveText(['Take the tour from configuration to running jobs']);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('command-menu')).toHaveCount(0);
  await expect(rscope.systemTourStep).toHaveText("Step 1 of 9: A system's configuration");
  await expect(rscope.systemTourStep).toBeFocused();
  expect(problems).toEqual([]);
});

test('arrows choose a command and Enter focuses its field', async ({ page, rscope, problems }) => {
  await rscope.load('/?url=static/examples/rfc20.json');
  await expect(rscope.grid).toBeVisible();
  await page.getByTestId('command-open').click();
  await page.keyboard.type('edit');
  await expect(page.getByTestId('command-list').getByRole('option'))
    .toHaveText(['Edit the document', 'Edit the system configuration',
      'Show host edit on the grid', 'Show the nodes with property edit']);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Edit the system configuration' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(rscope.queueConfig.getByLabel('Flux configuration')).toBeFocused();
  expect(problems).toEqual([]);
});

test('a command whose control is not shown says so, and Escape gives the focus back', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.editor.focus();
  await page.keyboard.press('Control+K');
  await page.keyboard.type('graph');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('command-note')).toHaveText(
    'Go to the graph is not on the page now: open a document that has it, or leave the tour');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('command-menu')).toHaveCount(0);
  await expect(rscope.editor).toBeFocused();
  expect(problems).toEqual([]);
});

test('a host name typed in the menu outlines its node on the grid', async ({ page, rscope, problems }) => {
  await rscope.load('/?url=static/examples/rfc20.json');
  await expect(rscope.grid).toBeVisible();
  await page.keyboard.press('Control+K');
  await expect(page.getByTestId('command-field')).toBeFocused();
  await page.keyboard.type('node187');
  await expect(page.getByTestId('command-list').getByRole('option'))
    .toHaveText(['Show host node187 on the grid', 'Show the nodes with property node187']);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Outline nodes matching a constraint')).toHaveValue('host:node187');
  await expect(rscope.constraintWords).toHaveText('1 of 4 nodes match: node187 (ranks 20)');
  expect(problems).toEqual([]);
});
