// The caret in a resource.status payload's drain entry explains which
// nodes it drains, and the grid outlines them.
import { test, expect } from './fixtures.js';
import { example } from './rscope.js';

test('the caret on a drain entry explains its ranks', async ({ rscope, problems }) => {
  await rscope.load();
  const text = example('node-states.json');
  await rscope.fill(text);
  await expect(rscope.grid).toBeVisible();
  await rscope.caretAt(text.indexOf('"4-5"'));
  await rscope.editor.press('ArrowRight');
  await expect(rscope.explainTitle).toHaveText('drained ranks');
  await expect(rscope.explainDecoded).toHaveText(['2 ranks: 4-5, hosts tioga5 and tioga6']);
  await expect(rscope.grid).toHaveAttribute('data-linked', '4-5');
  expect(problems).toEqual([]);
});
