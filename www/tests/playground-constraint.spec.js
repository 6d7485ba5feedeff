// The playground reads a constraint: a ^ typed in a --requires query is
// not the query's negation (that is -) but stays part of the word, so it
// reaches RFC 31's properties, where it negates; the reading says so.
import { test, expect } from './fixtures.js';

test('a ^ in a query is read as RFC 31 negation inside properties', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.playConstraint('gpu ^slow');
  await expect(rscope.play('canonical')).toHaveText('{"properties": ["gpu", "^slow"]}');
  await expect(rscope.play('steps')).toHaveText([
    "'gpu': a word is a property: the nodes with property gpu",
    "'^slow': a word is a property: the nodes without property slow",
    '\'^slow\': in a query ^ is not an operator: it stays part of the word, so the JSON holds "^slow" in properties, where RFC 31 reads a leading ^ as negation: the nodes without property slow. The query syntax\'s own negation is -slow, which flux-core\'s parser writes {"not": [{"properties": ["slow"]}]}: the same nodes',
    'terms side by side, with no operator between them, are joined with and',
    'so it selects the nodes with property gpu and without property slow',
  ]);
  await expect(rscope.play('count')).toHaveCount(0);
  await expect(rscope.play('members')).toHaveCount(0);
  expect(problems).toEqual([]);
});

// #48 item 1: the playground ends with what today's scheduler (Rv1Set)
// selects, and librlist's answer where it differs: an empty or.
test('an empty or selects no node today, and every node in librlist', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.playConstraint('{"or": []}');
  await expect(rscope.play('steps')).toHaveText([
    "or of no terms: selects no node as today's scheduler (Rv1Set) reads it; librlist selects every node",
    "so it selects no node, as Rv1Set (sched-simple in Python, flux-core's default scheduler) reads it",
    'so it selects every node, as librlist (flux-core before sched-simple in Python, and Fluxion) reads it',
  ]);
  expect(problems).toEqual([]);
});
