// Pointing at a key or value of the editor shows what it means in the
// explain card, decoded against the document, with its RFC section; the
// grid outlines its cells.
import { test, expect } from './fixtures.js';

const rfc20 = {
  version: 1,
  execution: {
    R_lite: [{ rank: '19-22', children: { core: '0-47', gpu: '0-7' } }],
    nodelist: ['node[186-189]'],
    starttime: 1676560542,
  },
};

test('hovering a core id set explains it and outlines its cells', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(JSON.stringify(rfc20, null, 2));
  await expect(rscope.grid).toBeVisible();
  await rscope.hoverText('"0-47"');
  await expect(rscope.explainTitle).toHaveText('core');
  await expect(rscope.explainDecoded).toHaveText([
    '48 cores (0-47) on each of 4 nodes, 192 in all',
    'on node186, node187, node188 and node189',
  ]);
  await expect(rscope.explainRfc).toHaveAttribute(
    'href', 'https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest/spec_20.html#core');
  await expect(rscope.grid).toHaveAttribute('data-linked', '19-22');
  // The next key under the pointer has a card of its own.
  await rscope.hoverText('"gpu"');
  await expect(rscope.explainTitle).toHaveText('gpu');
  await expect(rscope.explainDecoded.first()).toHaveText('8 GPUs (0-7) on each of 4 nodes, 32 in all');
  expect(problems).toEqual([]);
});
