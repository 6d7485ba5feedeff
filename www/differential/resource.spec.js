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

/** `replay`'s options over tests/fixtures/resource-eventlog, answering and refusing. */
const REPLAY = [
  {}, { R: true }, { R: true, at: '1738092250' }, { R: true, at: '2025-01-28T19:25:00Z' },
  { at: '+150s' }, { R: true, at: '-0s' }, { exclude: '3' }, { R: true, exclude: '0,2' },
  { at: 'soon' }, { exclude: '1-' },
];

test('replay answers in the page as rscope resource replay does', async ({ page, rscope, problems }) => {
  announce('resource replay');
  await rscope.load();
  const fixture = (f) => new URL(`../../tests/fixtures/resource-eventlog/${f}`, import.meta.url);
  const events = readFileSync(fixture('events.jsonl'), 'utf8');
  const rText = readFileSync(fixture('R.json'), 'utf8');
  const texts = [
    ['events.jsonl', events],
    // A malformed line and an unknown event: findings, and the rest read.
    ['with bad lines', `${events.split('\n').slice(0, 4).join('\n')}\n{"timestamp": 1738091801, "name"\n{"timestamp": 1738091802, "name": "frobnicate", "context": {}}\n`],
    ['no events', '\n'],
  ];
  const all = [];
  for (const [name, text] of texts) {
    for (const o of REPLAY) {
      const options = { ...o, ...(o.R ? { R: rText } : {}) };
      all.push({ label: `replay ${JSON.stringify(o)} < ${name}`, text, options, o });
    }
  }
  const raw = await inPage(page, all.map((c) => ['resource', ['replay', c.text, c.options]]));
  const answers = raw.map((a) => ('value' in a ? a.value : { error: a.error }));
  const printed = all.map((c) => {
    const args = ['resource', 'replay',
      ...(c.o.R ? ['--R', fixture('R.json').pathname] : []),
      ...(c.o.at ? ['--at', c.o.at] : []), ...(c.o.exclude ? ['--exclude', c.o.exclude] : [])];
    const r = cli(args, c.text);
    return { stdout: r.stdout, stderr: r.stderr, code: r.status };
  });
  await compare('resource replay', all, answers, printed);
  expect(printed.filter((p) => p.code === 0).length, 'replay: answers').toBeGreaterThanOrEqual(all.length / 2);
  expect(printed.filter((p) => p.code !== 0).length, 'replay: refusals').toBeGreaterThanOrEqual(3);
  expect(printed.some((p) => p.code === 0 && p.stderr.includes('frobnicate')), 'replay: a finding beside an answer').toBe(true);
  expect(problems).toEqual([]);
});

/** `eventlog`'s and `history`'s options, answering and refusing, as the JS API names them. */
const EVENTLOG = [
  {}, { format: 'json' }, { timeFormat: 'iso' }, { timeFormat: 'offset' }, { timeFormat: 'human' },
  { human: true }, { color: true }, { include: '1' }, { include: 'test2' }, { include: 'test[0-1]', format: 'json' },
  { wait: 'drain', matchContext: ['overwrite=1'] }, { wait: 'undrain' }, { wait: 'nope' }, { matchContext: ['bad'] },
];
const HISTORY = [
  {}, { by: 'reason' }, { by: 'day' }, { by: 'week', json: true }, { json: true }, { groupReasons: true, by: 'reason' },
  { R: true }, { since: '+100s', until: '-100s' }, { exclude: '0' }, { by: 'month' }, { since: 'later' },
];

/** The CLI's flags for `eventlog`'s and `history`'s options. */
const eventlogFlags = (o) => [
  ...(o.format ? ['-f', o.format] : []), ...(o.timeFormat ? ['-T', o.timeFormat] : []),
  ...(o.human ? ['-H'] : []), ...(o.color ? ['--color=always'] : ['--color=never']),
  ...(o.include ? ['-i', o.include] : []), ...(o.wait ? ['-w', o.wait] : []),
  ...(o.matchContext ?? []).flatMap((kv) => ['-m', kv]),
];
const historyFlags = (o, rPath) => [
  ...(o.by ? ['--by', o.by] : []), ...(o.json ? ['--json'] : []), ...(o.groupReasons ? ['--group-reasons'] : []),
  ...(o.R ? ['--R', rPath] : []), ...(o.since ? ['--since', o.since] : []), ...(o.until ? ['--until', o.until] : []),
  ...(o.exclude ? ['--exclude', o.exclude] : []),
];

test('eventlog and history answer in the page as rscope resource eventlog and history do', async ({ page, rscope, problems }) => {
  announce('resource eventlog and history');
  await rscope.load();
  const fixture = (f) => new URL(`../../tests/fixtures/resource-eventlog/${f}`, import.meta.url);
  const events = readFileSync(fixture('events.jsonl'), 'utf8');
  const rText = readFileSync(fixture('R.json'), 'utf8');
  const all = [
    ...EVENTLOG.map((o) => ({ label: `eventlog ${JSON.stringify(o)}`, command: 'eventlog', options: o, flags: eventlogFlags(o) })),
    ...HISTORY.map((o) => ({
      label: `history ${JSON.stringify(o)}`, command: 'history',
      options: { ...o, ...(o.R ? { R: rText } : {}) }, flags: historyFlags(o, fixture('R.json').pathname),
    })),
  ];
  const raw = await inPage(page, all.map((c) => ['resource', [c.command, events, c.options]]));
  const answers = raw.map((a) => ('value' in a ? a.value : { error: a.error }));
  const printed = all.map((c) => {
    const r = cli(['resource', c.command, ...c.flags], events);
    return { stdout: r.stdout, stderr: r.stderr, code: r.status };
  });
  await compare('resource eventlog and history', all, answers, printed);
  expect(printed.filter((p) => p.code === 0).length, 'answers').toBeGreaterThanOrEqual(all.length / 2);
  expect(printed.filter((p) => p.code !== 0).length, 'refusals').toBeGreaterThanOrEqual(4);
  expect(printed.some((p) => p.stdout.includes('\u001b[')), 'a coloured answer').toBe(true);
  expect(problems).toEqual([]);
});
