// The SVG export looks like the screen: the same rows (folded, or density
// strips), the same row labels the canvas draws, the axis and the legend.
import { test, expect } from './fixtures.js';
import { downloadBytes, quartz } from './rscope.js';

const TWENTY = quartz(20, 4);

test('folded rows export with their labels', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(TWENTY);
  await rscope.fold.check();
  await expect(rscope.gridShape).toHaveText('20 nodes in 2 rows — identical neighbours folded');
  const text = (await downloadBytes(await rscope.exportGrid('svg'))).toString();
  const labels = await rscope.rowLabels();
  expect(labels).toEqual(['quartz[1-16] ×16', 'quartz[17-20] ×4']);
  for (const label of labels) expect(text).toContain(`>${label}</text>`);
  expect(text).toContain('>core</text>');
  expect(text).toContain('>gpu</text>');
  // Two cell runs: 36 cores on the first folded row, 36 cores and 4 GPUs
  // on the second; the cell gaps are one patterned rectangle.
  expect(text.match(/<rect [^>]*fill="#0072B2"\/>/g)).toHaveLength(1 + 2);
  expect(text.match(/fill="url\(#gaps\)"/g)).toHaveLength(1);
  expect(problems).toEqual([]);
});

test('density strips export shaded, with their labels', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(TWENTY);
  await rscope.zoomOut(7);
  await expect(rscope.gridShape).toHaveText('20 nodes in 1 strip of 64 — opacity shows how many nodes have each resource');
  const text = (await downloadBytes(await rscope.exportGrid('svg'))).toString();
  const labels = await rscope.rowLabels();
  expect(labels).toEqual(['quartz[1-20]']);
  expect(text).toContain('>quartz[1-20]</text>');
  // 4 of the 20 nodes have GPUs: a quarter opaque (2 eighths, rounded up).
  expect(text).toContain('fill="#E69F00" fill-opacity="0.25"/>');
  expect(problems).toEqual([]);
});
