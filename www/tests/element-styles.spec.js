// The element's styles stay in its shadow root: the host page's rules do
// not reach what it draws, and Rscope's rules do not reach the host page.
import { test, expect } from './fixtures.js';
import { elementHost, rscopeView, viewDrawn, viewTag } from './rscope.js';

const HOST_STYLE = `<style>
  body { color: rgb(0, 128, 0); font-style: italic; letter-spacing: 3px; }
  p, dd, dt, h2, li, a, button { color: rgb(255, 0, 0) !important; text-transform: uppercase; }
  .error, .hint, .panel, .counts { border: 4px dashed rgb(0, 0, 255); }
</style>`;

const style = (locator, property) => locator.evaluate((el, p) => getComputedStyle(el)[p], property);

test('neither the host page styles leak in nor the element styles out', async ({ page, problems }) => {
  await elementHost(page, `<p class="error hint panel" id="outside">Text of the host page.</p>
<button type="button" id="outside-button">A host button</button>
${viewTag({ src: '/static/examples/rfc20.json', view: 'summary grid' })}`, HOST_STYLE);
  const view = rscopeView(page);
  await viewDrawn(view);
  // In: nothing the host sets reaches the element's text.
  const cores = view.getByTestId('cores');
  await expect(cores).toHaveText('192');
  expect(await style(cores, 'color')).not.toBe('rgb(255, 0, 0)');
  expect(await style(cores, 'color')).not.toBe('rgb(0, 128, 0)');
  expect(await style(cores, 'fontStyle')).toBe('normal');
  expect(await style(cores, 'letterSpacing')).toBe('normal');
  expect(await style(cores, 'textTransform')).toBe('none');
  const link = view.getByTestId('open-in-rscope');
  expect(await style(link, 'textTransform')).toBe('none');
  // Out: Rscope's .error, .hint, .panel, button and * rules leave the host alone.
  const outside = page.locator('#outside');
  expect(await style(outside, 'fontWeight')).toBe('400');
  expect(await style(outside, 'color')).toBe('rgb(255, 0, 0)');
  expect(await style(outside, 'borderTopStyle')).toBe('dashed');
  expect(await style(outside, 'boxSizing')).toBe('content-box');
  const button = page.locator('#outside-button');
  expect(await style(button, 'borderTopLeftRadius')).not.toBe('6px');
  expect(await style(button, 'cursor')).not.toBe('pointer');
  expect(problems).toEqual([]);
});
