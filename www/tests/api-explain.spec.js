// The JS API's explain(text, byteOffset) and whyFinding(message, pointer)
// answer what the page's card and findings show.
import { test, expect } from './fixtures.js';

test('explain and whyFinding answer in the JS API', async ({ page, rscope, problems }) => {
  await rscope.load();
  const got = await page.evaluate(() => {
    const r = '{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-3"}}], "nodelist": ["n[0-1]"]}}';
    const { explain, whyFinding } = window.rscope;
    let refused;
    try { explain(r, -1); } catch (e) { refused = e.message; }
    return {
      card: explain(r, r.indexOf('"0-1"') + 1),
      outside: explain(r, r.length),
      why: whyFinding("missing key 'R_lite'", '/execution'),
      refused,
    };
  });
  expect(got.card).toEqual({
    title: 'rank',
    body: 'The execution targets of this entry, as an RFC 22 id set. An execution target is a node, known by the rank of its Flux broker; each rank here holds the resources under \'children\'.',
    decoded: ['2 ranks: 0 and 1', 'the nodelist maps them to n0 and n1'],
    rfc: { number: 20, anchor: 'rank', url: 'https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest/spec_20.html#rank' },
    span: [49, 54],
    place: { ranks: '0-1', children: [['core', '0-3']] },
    time: null,
  });
  expect(got.outside).toBeNull();
  expect(got.why.kind).toBe('missing-key');
  expect(got.why.rfc.url).toBe('https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest/spec_20.html#r-format');
  expect(got.refused).toBe('explain: byteOffset must be a whole number of bytes, 0 or more');
  expect(problems).toEqual([]);
});
