// Every function of the JS API (window.rscope) refuses an argument of the
// wrong type with a plain Error and a message, instead of trapping in wasm.
import { test, expect } from './fixtures.js';

test('summary refuses arguments that are not text', async ({ page, rscope, problems }) => {
  await rscope.load();
  const outcomes = await page.evaluate(() => {
    const call = (arg) => {
      try {
        return { returned: window.rscope.summary(arg) };
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
    message: `summary: text must be a string (an R document), not ${what}`,
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
  expect(outcomes.right).toEqual({ returned: { version: 1, nodes: 2, cores: 8, gpus: 0, text: 'version 1\nnodes 2\ncores 8\ngpus 0\n' } });
  expect(outcomes.memory).toBe('number');
  expect(problems).toEqual([]);
});

test('the set operations refuse arguments that are not text', async ({ page, rscope, problems }) => {
  await rscope.load();
  const outcomes = await page.evaluate(() => {
    const call = (f) => {
      try {
        return { returned: f() };
      } catch (e) {
        return { error: e instanceof Error, message: e.message, start: e.start, end: e.end };
      }
    };
    const r = '{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0"}}]}}';
    const { union, append, diff, intersect, verify, evalSetExpression } = window.rscope;
    return [
      call(() => union(r, 42)),
      call(() => append({})),
      call(() => diff(r)),
      call(() => intersect(null, r)),
      call(() => verify(r, [])),
      call(() => evalSetExpression(7, {})),
      call(() => evalSetExpression('A', 5)),
      call(() => evalSetExpression('A', { AB: r })),
      call(() => evalSetExpression('A -', { A: r })),
      call(() => union()),
      call(() => typeof union(r)),
    ];
  });
  const text = (f, n, what) => ({
    error: true,
    message: `${f}: ${n} must be a string (the text of an R document), not ${what}`,
  });
  expect(outcomes).toEqual([
    text('union', 'text B', 'a number'),
    text('append', 'text A', 'an object'),
    text('diff', 'text B', 'undefined'),
    text('intersect', 'text A', 'null'),
    text('verify', 'text B', 'an array'),
    { error: true, message: 'evalSetExpression: expr must be a string (such as "(A | B) - C"), not a number' },
    { error: true, message: 'evalSetExpression: tabs must be an object of texts by letter ({A: text, B: text}), not a number' },
    { error: true, message: "evalSetExpression: tab names are single capital letters, not 'AB'" },
    { error: true, message: "operator '-' has no right operand (column 3)", start: 2, end: 3 },
    { error: true, message: 'union requires at least 1 resource sets' },
    { returned: 'string' },
  ]);
  expect(problems).toEqual([]);
});

test('pkg/rscope.d.ts declares the set operations', async () => {
  const { readFileSync } = await import('node:fs');
  const dts = readFileSync(new URL('../../pkg/rscope.d.ts', import.meta.url), 'utf8');
  for (const line of [
    'export function union(...texts: string[]): string;',
    'export function append(...texts: string[]): string;',
    'export function diff(a: string, b: string): string;',
    'export function intersect(a: string, b: string, options?: IntersectOptions): string;',
    'export interface IntersectOptions {',
    'export function verify(a: string, b: string): Verdict;',
    'export function evalSetExpression(expr: string, tabs: Record<string, string>): string;',
    'export interface Verdict { ok: boolean; message: string }',
  ]) {
    expect(dts).toContain(line);
  }
});
