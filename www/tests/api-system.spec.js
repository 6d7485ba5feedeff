// The JS API's system() reads the documents of one system as one, giving
// what `rscope system` prints (crates/rscope-cli/tests/it/system.rs checks
// the same documents), the findings and each document's kind.
import { test, expect } from './fixtures.js';
import { fixture } from './rscope.js';

test('system reads several documents as one system', async ({ page, rscope, problems }) => {
  await rscope.load();
  const docs = [
    ['flux-resource/status/drain.json', fixture('flux-resource/status/drain.json')],
    ['config/tiny/00-resource.toml', fixture('config/tiny/00-resource.toml')],
    ['config/tiny/10-bootstrap.toml', fixture('config/tiny/10-bootstrap.toml')],
  ].map(([name, text]) => ({ name, text }));
  const seen = await page.evaluate((docs) => {
    const api = window.rscope;
    const refusals = [];
    for (const bad of [undefined, [1]]) {
      try { api.system(bad); } catch (e) { refusals.push(e.message); }
    }
    return { view: api.system(docs), refusals };
  }, docs);
  expect(seen.view.text).toBe(
    'flux-resource/status/drain.json: a flux resource status payload: resources, node states and drain reasons\n'
    + 'config/tiny/00-resource.toml: a system configuration: resources\n'
    + 'config/tiny/10-bootstrap.toml: a system configuration: the rank order\n'
    + 'resources: 4 nodes, foo[1-4], 16 cores (from flux-resource/status/drain.json)\n'
    + 'drained, offline or torpid: ranks 0-1\n'
    + 'rank order: 0-3 are tiny[4,1-3]\n'
    + 'finding: flux-resource/status/drain.json: its host foo1 (rank 0) is not in [bootstrap] hosts\n'
    + "finding: [resource] config differs from flux-resource/status/drain.json's resources: rank 0 is tiny4 against foo1\n");
  expect(seen.view.findings).toHaveLength(2);
  expect(seen.view.documents[0]).toEqual({
    name: 'flux-resource/status/drain.json',
    kind: 'a flux resource status payload',
    detail: null,
    facts: ['resources', 'node states and drain reasons'],
    problem: null,
  });
  expect(seen.refusals).toEqual([
    'system: documents must be an array of {name, text}, not undefined',
    'system: each document must be {name, text}, both strings',
  ]);
  expect(problems).toEqual([]);
});
