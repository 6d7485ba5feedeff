// A bad shape is underlined at the span of its error, with the message.
import { test, expect } from './fixtures.js';

test('a bad shape is underlined where it goes wrong, with the message', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.typeShape('slot/node{a:1');
  await expect(rscope.shapeSquiggle).toHaveText('{');
  await expect(rscope.shapeMessage).toHaveText("unclosed brace '{' at line 1, column 10. Mend the underlined part.");
  await expect(rscope.shapeInput).toHaveAttribute('aria-invalid', 'true');
  await expect(rscope.shapeOutput).toHaveCount(0);
  expect(problems).toEqual([]);
});
