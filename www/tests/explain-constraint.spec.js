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

// #48 item 1: the card says what a constraint selects as today's
// scheduler reads it (Rv1Set), and librlist's answer beside it where the
// two differ: a not of two terms reads only its first in Rv1Set.
test('the caret on a not of two terms gives both readings\' answers', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.caretOnConstraint('{"not": [{"ranks": ["0"]}, {"properties": ["gpu"]}]}', '"not"');
  await expect(rscope.explainTitle).toHaveText('not');
  await expect(rscope.explainDecoded).toHaveText([
    '2 terms',
    "selects the nodes not of rank 0, as Rv1Set (sched-simple in Python, flux-core's default scheduler) reads it",
    'selects the nodes not (of rank 0 and with property gpu), as librlist (flux-core before sched-simple in Python, and Fluxion) reads it',
  ]);
  expect(problems).toEqual([]);
});
