// Keyboard users get the explain card from the caret: moving it onto the
// ranks of an entry says which nodes they are, and the grid outlines them.
import { test, expect } from './fixtures.js';

const doc = {
  version: 1,
  execution: {
    R_lite: [
      { rank: '0-1', children: { core: '0-3' } },
      { rank: '2-3', children: { core: '0-7', gpu: '0' } },
    ],
    nodelist: ['n[0-3]'],
  },
};

test('the caret on a rank explains it', async ({ rscope, problems }) => {
  await rscope.load();
  const text = JSON.stringify(doc, null, 2);
  await rscope.fill(text);
  await expect(rscope.grid).toBeVisible();
  await rscope.caretAt(text.indexOf('"2-3"'));
  await rscope.editor.press('ArrowRight');
  await expect(rscope.explainTitle).toHaveText('rank');
  await expect(rscope.explainDecoded).toHaveText([
    '2 ranks: 2 and 3',
    'the nodelist maps them to n2 and n3',
  ]);
  await expect(rscope.grid).toHaveAttribute('data-linked', '2-3');
  expect(problems).toEqual([]);
});
