// The empty editor's placeholder is read whole: each of its lines fits the
// editor's width, and all of them its height, on a desktop and a phone
// (the editor does not wrap, so a long line was cut at its edge).
import { test, expect } from './fixtures.js';

/** How far the placeholder overflows the editor: [pixels too wide, pixels too tall]. */
const overflow = (editor) => editor.evaluate((area) => {
  const style = getComputedStyle(area);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `${style.fontSize} ${style.fontFamily}`;
  const lines = area.placeholder.split('\n');
  const widest = Math.max(...lines.map((l) => ctx.measureText(l).width));
  const pad = (a, b) => parseFloat(style[a]) + parseFloat(style[b]);
  const room = area.clientWidth - pad('paddingLeft', 'paddingRight');
  const tall = lines.length * parseFloat(style.lineHeight);
  const height = area.clientHeight - pad('paddingTop', 'paddingBottom');
  return [Math.max(0, Math.ceil(widest - room)), Math.max(0, Math.ceil(tall - height))];
});

for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });
    test('the placeholder fits the empty editor', async ({ rscope, problems }) => {
      await rscope.load();
      await expect(rscope.editor).toHaveValue('');
      expect(await overflow(rscope.editor)).toEqual([0, 0]);
      expect(problems).toEqual([]);
    });
  });
}
