// A pasted RFC 31 constraint is explained under the caret: a - inside a
// property name is part of the name, not a negation, and the card says
// how to write the negation in the JSON and in a --requires query.
import { test, expect } from './fixtures.js';

const doc = JSON.stringify({
  and: [{ properties: ['gpu', '-slow'] }, { not: [{ hostlist: ['foo[1-3]'] }] }],
}, null, 2);

test('the caret on a - in a property name explains it is part of the name', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.caretOnConstraint(doc, '"-slow"');
  await expect(rscope.explainTitle).toHaveText('property');
  await expect(rscope.explainDecoded).toHaveText([
    'selects the nodes with a property named -slow, which a node rarely has',
    'to leave out the nodes with slow, write ^slow here (-slow in a --requires query)',
  ]);
  await expect(rscope.explainRfc).toHaveAttribute('href',
    'https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest/spec_31.html#representation');
  await expect(rscope.explainRfc).toHaveText('RFC 31, section representation');
  expect(problems).toEqual([]);
});
