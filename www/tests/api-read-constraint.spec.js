// The JS API's readSmall takes the constraint format: its canonical form
// is constraintParse's JSON, and a refusal is placed on its bytes; explain
// answers on a constraint object as the page's card does.
import { test, expect } from './fixtures.js';

test('readSmall reads a constraint as the playground does', async ({ page, rscope, problems }) => {
  await rscope.load();
  const got = await page.evaluate(() => {
    const { readSmall, constraintParse, explain } = window.rscope;
    const doc = '{"properties": ["^slow"]}';
    return {
      read: readSmall('constraint', '-slow'),
      parsed: constraintParse('-slow'),
      refused: readSmall('constraint', 'rank:x'),
      card: explain(doc, doc.indexOf('^slow')),
    };
  });
  expect(got.read.problem).toBeNull();
  expect(got.read.reading.canonical).toBe(got.parsed);
  expect(got.read.reading).toEqual({
    canonical: '{"not": [{"properties": ["slow"]}]}',
    count: null,
    members: [],
    more: 0,
    steps: [
      '\'-slow\': - before a term is not: the nodes without property slow. flux-core\'s parser writes it {"not": [{"properties": ["slow"]}]}; inside properties RFC 31 writes the same negation ^slow, and {"properties": ["^slow"]} selects the same nodes',
      'so it selects the nodes without property slow',
    ],
  });
  expect(got.refused).toEqual({
    reading: null,
    problem: { message: 'invalid idset \'x\' in ["x"]', span: [5, 6], column: 6, marked: 'rank:>>x<<' },
  });
  expect(got.card.title).toBe('negated property');
  expect(got.card.rfc.url).toBe('https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest/spec_31.html#representation');
  expect(problems).toEqual([]);
});
