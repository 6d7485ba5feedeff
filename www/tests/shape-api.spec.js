// The shape functions of the JS API refuse wrong argument types with a
// plain Error, throw an Error with line and column on a bad shape, and are
// declared in pkg/rscope.d.ts.
import { test, expect } from './fixtures.js';
import { readFileSync } from 'node:fs';

test('shape, formatShape and fit check their arguments and declare their types', async ({ page, rscope, problems }) => {
  await rscope.load();
  const outcomes = await page.evaluate(() => {
    const call = (f) => {
      try {
        return { returned: f() };
      } catch (e) {
        const where = e.line === undefined ? {} : { line: e.line, column: e.column };
        return { error: e instanceof Error, message: e.message, ...where };
      }
    };
    const r = window.rscope;
    const R = '{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-1"}}]}}';
    return [
      call(() => r.shape(42)),
      call(() => r.shape('node', { yaml: 'yes' })),
      call(() => r.shape('node', 'x')),
      call(() => r.formatShape(null)),
      call(() => r.fit('node', {})),
      call(() => r.fit('node', '{}', { policy: 'most' })),
      call(() => r.shape('slot/node{a:1')),
      call(() => r.fit('node=;', '{}')),
      call(() => r.shape('node')),
      call(() => r.fit('node', '{}', { displace: 'yes' })),
      call(() => r.fit('node', R, { displace: true })),
      call(() => r.fit('node', R).displaced),
    ];
  });
  expect(outcomes).toEqual([
    { error: true, message: 'shape: text must be a string (an RFC 46 shape), not a number' },
    { error: true, message: 'shape: option yaml must be a boolean, not a string' },
    { error: true, message: 'shape: options must be an object, not a string' },
    { error: true, message: 'formatShape: text must be a string (a jobspec or resources list), not null' },
    { error: true, message: 'fit: rText must be a string (a document with resources), not an object' },
    { error: true, message: "fit: unknown policy 'most' (worst, first or best)" },
    { error: true, message: "unclosed brace '{' at line 1, column 10", line: 1, column: 10 },
    { error: true, message: "unexpected ';', expected end of input at line 1, column 6", line: 1, column: 6 },
    { returned: '[{"type": "node", "count": 1}]\n' },
    { error: true, message: 'fit: option displace must be a boolean, not a string' },
    { error: true, message: '--displace needs a job list with running jobs (flux jobs -a --json) beside the resources' },
    { returned: [] },
  ]);
  const dts = readFileSync(new URL('../../pkg/rscope.d.ts', import.meta.url), 'utf8');
  expect(dts).toContain('export function shape(text: string, options?: ShapeOptions): string;');
  expect(dts).toContain('export function fit(shape: string, rText: string, options?: FitOptions): FitAnswer;');
  expect(dts).toContain('export interface FitAnswer {');
  expect(dts).toContain('  displaced: DisplacedJob[];');
  expect(dts).toContain('  displace?: boolean;');
  expect(dts).toContain('export function formatShape(text: string): string;');
  expect(problems).toEqual([]);
});
