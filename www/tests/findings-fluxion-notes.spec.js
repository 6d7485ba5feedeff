// A graph as Fluxion writes it leaves out what RFC 40 asks for and no
// Fluxion reader needs (a uuid, empty properties, an edge's relationship):
// the JGF example says so in notes, and shows no warning.
import { test, expect } from './fixtures.js';

test('the JGF example shows notes of RFC 40, not warnings', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('With a JGF graph — an R whose scheduling key holds the Fluxion graph');
  await expect(rscope.findings().locator('.sev')).toHaveText(['note', 'note', 'note']);
  await expect(rscope.findings().locator('.msg')).toHaveText([
    "13 vertices have no metadata key 'uuid', which RFC 40 requires (Fluxion never writes it)",
    "13 vertices have no metadata key 'properties', which RFC 40 requires (read as none)",
    "12 edges have no 'relationship', which RFC 40 requires (read from the subsystem alone)",
  ]);
  expect(problems).toEqual([]);
});
