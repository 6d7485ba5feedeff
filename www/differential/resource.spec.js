// `flux resource` over saved payloads: window.rscope.resource(command,
// payload, options) gives what `rscope resource COMMAND` prints with the
// same flags (standard output, standard error and exit status), for
// flux-core's own payloads (tests/fixtures/flux-resource) and options that
// answer and that refuse. Dates are printed in UTC on both sides.
import { readdirSync, readFileSync } from 'node:fs';
import { test, expect, cli, inPage, compare, announce } from './harness.js';

process.env.TZ = 'UTC';
test.use({ timezoneId: 'UTC' });

const dir = (kind) => new URL(`../../tests/fixtures/flux-resource/${kind}/`, import.meta.url);
const payloads = (kind) => readdirSync(dir(kind))
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ name: `${kind}/${f}`, text: readFileSync(new URL(f, dir(kind)), 'utf8') }));

/** Options of `status` and `drain`, answering and refusing. */
const STATUS = [
  {}, { format: 'long' }, { states: 'drain' }, { states: 'offline,exclude' }, { states: 'bogus' },
  { format: '{state:>8} {ranks:<6} {reason} {timestamp!d:%FT%T::<20}' }, { include: '0-1' },
  { include: 'foo[2-3]' }, { noHeader: true }, { format: '{nope}' }, { skipEmpty: true, states: 'all' },
];
/** Options of `list`, `info` and `R`. */
const LIST = [
  {}, { states: 'all' }, { format: 'rlist' }, { states: 'down' }, { include: '0' },
  { format: '{state} {nnodes} {properties}' }, { skipEmpty: true }, { states: 'nope' },
];

/** `rscope resource`'s flags for the JS API's options. */
const flags = (o) => [
  ...(o.format ? ['-o', o.format] : []), ...(o.states ? ['-s', o.states] : []),
  ...(o.include ? ['-i', o.include] : []), ...(o.noHeader ? ['-n'] : []),
  ...(o.skipEmpty ? ['--skip-empty'] : []),
];

function cases() {
  const out = [];
  for (const p of payloads('status')) {
    for (const command of ['status', 'drain']) {
      for (const options of STATUS) {
        if (command === 'drain' && (options.states || options.skipEmpty)) continue;
        out.push({ label: `${command} ${JSON.stringify(options)} < ${p.name}`, command, text: p.text, options });
      }
    }
  }
  for (const p of payloads('list')) {
    for (const command of ['list', 'info', 'R']) {
      for (const options of LIST) {
        out.push({ label: `${command} ${JSON.stringify(options)} < ${p.name}`, command, text: p.text, options });
      }
    }
  }
  return out;
}

test('resource answers in the page as rscope resource does, payload by payload', async ({ page, rscope, problems }) => {
  announce('resource');
  await rscope.load();
  const all = cases();
  const raw = await inPage(page, all.map((c) => ['resource', [c.command, c.text, c.options]]));
  const answers = raw.map((a) => ('value' in a ? a.value : { error: a.error }));
  const printed = all.map((c) => {
    const r = cli(['resource', c.command, ...flags(c.options)], c.text);
    return { stdout: r.stdout, stderr: r.stderr, code: r.status };
  });
  await compare('resource', all, answers, printed);
  // Both answers and refusals are exercised.
  expect(printed.filter((p) => p.code === 0).length, 'resource: answers').toBeGreaterThanOrEqual(all.length / 2);
  expect(printed.some((p) => p.code !== 0), 'resource: a refusal').toBe(true);
  expect(problems).toEqual([]);
});
