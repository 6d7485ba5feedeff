// Every function of the JS API (window.rscope) refuses an argument of the
// wrong type with a plain Error and a message, instead of trapping in wasm.
import { test, expect } from './fixtures.js';

test('summarize refuses arguments that are not text', async ({ page, rscope, problems }) => {
  await rscope.load();
  const outcomes = await page.evaluate(() => {
    const call = (arg) => {
      try {
        return { returned: window.rscope.summarize(arg) };
      } catch (e) {
        return { error: e instanceof Error, message: e instanceof Error ? e.message : String(e) };
      }
    };
    const args = [{}, 42, null, undefined, [], true, 10n, Symbol('x'), () => 1];
    const wrong = args.map(call);
    // The module still works afterwards: nothing trapped.
    const right = call('{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-3"}}]}}');
    const memory = typeof window.rscope.wasmMemoryBytes({});
    return { wrong, right, memory };
  });
  const refused = (what) => ({
    error: true,
    message: `summarize: text must be a string (the text of an R document), not ${what}`,
  });
  expect(outcomes.wrong).toEqual([
    refused('an object'),
    refused('a number'),
    refused('null'),
    refused('undefined'),
    refused('an array'),
    refused('a boolean'),
    refused('a bigint'),
    refused('a symbol'),
    refused('a function'),
  ]);
  expect(outcomes.right).toEqual({ returned: { version: 1, nodes: 2, cores: 8, gpus: 0 } });
  expect(outcomes.memory).toBe('number');
  expect(problems).toEqual([]);
});
