// The R, list and graph functions of the JS API refuse a wrong argument
// with a plain Error that says which argument and what it got, and a bad
// document with an Error that says what and where (line and column, also
// as properties); nothing traps in wasm, so the module works afterwards.
import { test, expect } from './fixtures.js';

test('every new function says what is wrong and where', async ({ page, rscope, problems }) => {
  await rscope.load();
  const outcomes = await page.evaluate(() => {
    const call = (name, ...args) => {
      try {
        return { returned: window.rscope[name](...args) };
      } catch (e) {
        return e instanceof Error ? { message: e.message, line: e.line, column: e.column } : { notError: String(e) };
      }
    };
    return {
      wrong: [
        call('validate', 42), call('summary', null), call('decode', {}, {}), call('decode', '{}', 'short'),
        call('decode', '{}', { short: 'yes' }), call('decode', '{}', { count: 3 }), call('encode', []),
        call('encode', { property: 'big' }), call('encode', { property: ['a', 1] }), call('hostlist', 1, ['a']),
        call('hostlist', 'union', 'a,b'), call('hostlist', 'union', ['a', null]), call('idset', 'union', [[1]]),
        call('graph', undefined), call('graph', '{}', { depth: -1 }), call('graph', '{}', { depth: 1.5 }),
        call('graphCheck', true), call('graphFind', '{}', 7), call('graphExport', '{}', 'dot', { subsystems: 'containment' }),
        call('graphExport', '{}', 'dot', { subsystems: ['containment', 3] }),
      ],
      bad: [
        call('decode', '{"version": 1,\n  "execution": [}'), call('graph', '{"graph":\n  [}'),
        call('graphCheck', '{"version": 1,\n "execution": [}'), call('graphFind', '{}', 'colour=red'),
        call('hostlist', 'shuffle', ['a']), call('hostlist', 'union', ['a[1-', 'b']), call('idset', 'xor', ['1', '3-1']),
        call('encode', { ranks: '0-1', hosts: 'a' }), call('summary', '[]'),
      ],
      after: call('summary', '{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-3"}}]}}'),
    };
  });
  const m = (message) => ({ message });
  expect(outcomes.wrong).toEqual([
    m('validate: text must be a string (an R document), not a number'),
    m('summary: text must be a string (an R document), not null'),
    m('decode: text must be a string (one or more R documents), not an object'),
    m('decode: options must be an object, not a string'),
    m('decode: option short must be a boolean, not a string'),
    m('decode: option count must be a string, not a number'),
    m('encode: options must be an object, not an array'),
    m('encode: option property must be an array of strings (NAME[:RANKS]), not a string'),
    m('encode: option property[1] must be a string (NAME[:RANKS]), not a number'),
    m('hostlist: op must be a string (an operation), not a number'),
    m('hostlist: lists must be an array of strings (RFC 29 host lists), not a string'),
    m('hostlist: lists[1] must be a string (RFC 29 host lists), not null'),
    m('idset: sets[0] must be a string (RFC 22 id sets), not an array'),
    m('graph: text must be a string (an R with a scheduling key, or {"graph": ...}), not undefined'),
    m('graph: option depth must be a whole number of 0 or more, not a number'),
    m('graph: option depth must be a whole number of 0 or more, not a number'),
    m('graphCheck: text must be a string (an R with a scheduling key), not a boolean'),
    m('graphFind: query must be a string (type=T, name=N, basename=B, id=I, path=/P, rank=R or property=K[=V]), not a number'),
    m('graphExport: option subsystems must be an array of strings (subsystem names), not a string'),
    m('graphExport: option subsystems[1] must be a string (subsystem names), not a number'),
  ]);
  const [decode, graph, check, find, op, list, ids, encode, summary] = outcomes.bad;
  expect(decode).toEqual({ message: expect.stringMatching(/^decode: Failed to read an R object: .* \(line 2, column \d+\)$/), line: 2, column: expect.any(Number) });
  expect(graph).toEqual({ message: expect.stringMatching(/^graph: .* \(line 2, column \d+\)$/), line: 2, column: expect.any(Number) });
  expect(check).toEqual({ message: expect.stringMatching(/^graphCheck: .* \(line 2, column \d+\)$/), line: 2, column: expect.any(Number) });
  expect(find.message).toMatch(/^graphFind: .*colour/);
  expect(op.message).toBe('hostlist: unknown operation \'shuffle\': use one of append, union, intersect, minus, xor, sort, count, expand');
  expect(list.message).toMatch(/^hostlist: invalid hostlist 'a\[1-' \(list 1\): /);
  expect(ids.message).toMatch(/^idset: invalid idset '3-1' \(set 2\): /);
  expect(encode.message).toBe("encode: hostname count in 'a' does not match nranks (2)");
  expect(summary.message).toMatch(/^summary: /);
  expect(outcomes.after).toEqual({ returned: { version: 1, nodes: 1, cores: 4, gpus: 0, text: 'version 1\nnodes 1\ncores 4\ngpus 0\n' } });
  expect(problems).toEqual([]);
});
