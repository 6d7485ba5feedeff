// Job lists: the JS API's jobs part (pkg/rscope_jobs.js, loaded on first
// use by `window.rscopeParts.jobs()`) gives what `rscope jobs` and
// `rscope jobs map` print, byte for byte with the exit status, and the
// JS API's fit with `displace` what `rscope fit --displace` prints: for the
// cases recorded from flux-core (tests/fixtures/flux-jobs), and for job
// lists generated from the seed. Dates are printed in UTC on both sides;
// user names come from this machine's password file on both sides (the
// CLI asks it, the page is given it as `users`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, BINARY, compare, announce, SEED } from './harness.js';
import { random } from './generate.js';

process.env.TZ = 'UTC';
test.use({ timezoneId: 'UTC' });

const fixtures = new URL('../../tests/fixtures/flux-jobs/', import.meta.url);
const read = (path) => readFileSync(new URL(path, fixtures), 'utf8');

/** User names by id, as getpwuid answers the CLI on this machine. */
const USERS = Object.fromEntries(readFileSync('/etc/passwd', 'utf8').split('\n')
  .map((l) => l.split(':')).filter((f) => f.length > 2).map((f) => [f[2], f[0]]));

/** The CLI's flags as the JS API's options (the recorded cases' flags). */
function optionsOf(args) {
  const o = { users: USERS };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '-o') o.format = args[++i];
    else if (a === '-n') o.noHeader = true;
    else if (a === '--json') o.json = true;
    else if (a === '-w') o.width = Number(args[++i]);
    else if (a === '--color=always') o.color = true;
    else if (a.startsWith('--sort=')) o.sort = a.slice('--sort='.length);
    // Filters, which `flux jobs --from-stdin` (and so `rscope jobs`)
    // ignores: the JS API has no option for them.
    else if (a === '-a' || a === '-A') continue;
    else if (['-q', '-f', '-u', '--since'].includes(a)) i++;
    else throw new Error(`jobs.spec: no option for the flag ${a}`);
  }
  return o;
}

/** Run the CLI in `dir` with `input` on standard input, as the page prints it. */
function run(args, input, dir) {
  const r = spawnSync(BINARY, args, { input, cwd: dir, encoding: 'utf8', maxBuffer: 64 << 20, env: { ...process.env, LANG: 'C.UTF-8' } });
  if (r.error) throw r.error;
  return { stdout: r.stdout, stderr: r.stderr, code: r.status };
}

const STATES = [1, 2, 4, 8, 16, 32, 64];
/** Shapes fitted with `--displace` into the job-map cases' R. */
const DISPLACING = ['node=1/core=4', 'node=2/core=2', 'slot=5/core=1', 'node=1', 'node=1/core=1'];
const FORMATS = [
  ['-o', 'default'], ['-o', 'long'], ['-o', 'deps'], ['-o', 'endreason'], ['--json'], ['--json', '-n'],
  ['-n', '-o', '{id.f58} {state_single} {nnodes} {ranks} {nodelist} {annotations.sched.resource_summary}'],
  ['--sort=-t_submit,name', '-o', '{id.dec} {name:<6.6+} {queue} {ntasks}'],
  ['-o', '{status_abbrev} {result} {returncode} {exception.type} {inactive_reason}'],
  ['-o', '{t_submit!D} {t_inactive!d:%H:%M::>8} {duration!F:>6h} {username}'], ['-w', '30'],
];

/** A job-list line of a generated job on `nodes` nodes of 4 cores. */
function jobLine(g, id, nodes) {
  const state = g.pick(STATES);
  const ranks = g.part([...Array(nodes).keys()]);
  const job = { id: id * 4096 + g.int(0, 4095), userid: g.pick([0, 1, 65534, 4242]), urgency: 16, priority: g.int(0, 20), state, name: g.pick(['sleep', 'hostname', 'a very long name', 'x']), ntasks: ranks.length, t_submit: 1700000000 + g.int(0, 3600) + g.int(0, 999) / 1000 };
  if (state >= 8) Object.assign(job, { t_run: 1, nnodes: ranks.length, ranks: ranks.join(','), nodelist: ranks.map((r) => `node${r}`).join(',') });
  if (state >= 8 && g.chance(0.7)) job.annotations = { sched: { resource_summary: ranks.map((r) => `rank${r}/core[0-${g.int(0, 4)}]`).join(' '), queue: g.pick(['batch', 'debug']) } };
  if (g.chance(0.3)) job.queue = g.pick(['batch', 'debug']);
  if (state === 64) Object.assign(job, { t_cleanup: 1700009000, t_inactive: 1700009001, result: g.pick([1, 2, 4, 8]), waitstatus: g.pick([0, 256, 9]), success: g.chance(0.5) });
  if (state === 64 && g.chance(0.4)) job.exception_occurred = true, job.exception_type = 'cancel', job.exception_severity = 0, job.exception_note = '';
  return JSON.stringify(job);
}

function generated(seed, count) {
  const g = random(seed);
  const out = [];
  for (let k = 0; k < count; k++) {
    const nodes = g.int(1, 4);
    const lines = Array.from({ length: g.int(1, 8) }, (_, i) => jobLine(g, k * 10 + i + 1, nodes));
    if (g.chance(0.1)) lines.push('{"id": 1, "state": "RUN"');
    // Now and then R lacks the last node some jobs run on.
    const inR = Math.max(1, nodes - g.int(0, 1));
    const r = JSON.stringify({ version: 1, execution: { R_lite: [{ rank: inR > 1 ? `0-${inR - 1}` : '0', children: { core: '0-3' } }], nodelist: [inR > 1 ? `node[0-${inR - 1}]` : 'node0'], starttime: 0, expiration: 0 } });
    out.push({ label: `generated ${k}`, list: lines.join('\n') + '\n', args: g.pick(FORMATS), r });
  }
  return out;
}

function cases() {
  const out = [];
  for (const f of readdirSync(new URL('recorded/cases/', fixtures)).sort()) {
    const c = JSON.parse(read(`recorded/cases/${f}`));
    out.push({ label: `recorded ${f} ${c.args.join(' ')}`, list: read(`recorded/${c.input}`), args: c.args });
  }
  for (const name of ['contextual_info', 'issue#2634', 'issue#2658', 'issue#5827', 'returncode']) {
    const format = read(`flux-core/${encodeURIComponent(name)}/format`).replace(/\n$/, '');
    out.push({ label: `flux-core ${name}`, list: read(`flux-core/${encodeURIComponent(name)}/input`), args: ['-n', '-o', format] });
  }
  return out.concat(generated(SEED, 40));
}

test('jobs and jobMap answer in the page as rscope jobs and jobs map do', async ({ page, rscope, problems }) => {
  announce('jobs');
  await rscope.load();
  const all = cases();
  const maps = all.filter((c) => c.r);
  const live = read('live/jobs.json');
  maps.push({ label: 'live jobs.json', list: live, r: read('live/conf.d/R') }, { label: 'bad R', list: live, r: '{"version": 2}' });
  const answers = await page.evaluate(async ({ jobsCases, mapCases }) => {
    const part = await window.rscopeParts.jobs();
    return {
      jobs: jobsCases.map(([list, options]) => part.jobs(list, options)),
      maps: mapCases.map(([list, r]) => part.jobMap(list, r)),
    };
  }, { jobsCases: all.map((c) => [c.list, optionsOf(c.args)]), mapCases: maps.map((c) => [c.list, c.r]) });
  const dir = mkdtempSync(join(tmpdir(), 'rscope-jobs-'));
  const printed = all.map((c) => run(['jobs', ...c.args], c.list, dir));
  // A running job's runtime in --json is the clock's now less t_run, read
  // at a different moment by each side: every other byte is compared.
  const clockless = (p, c) => (c.args.includes('--json') ? { ...p, stdout: p.stdout.replace(/"runtime": [0-9.e+]+/g, '"runtime": NOW') } : p);
  await compare('jobs', all, answers.jobs.map((p, i) => clockless(p, all[i])), printed.map((p, i) => clockless(p, all[i])));
  const mapped = maps.map((c) => {
    writeFileSync(join(dir, 'list'), c.list);
    writeFileSync(join(dir, 'R'), c.r);
    return run(['jobs', 'map', 'list', '--R', 'R'], '', dir);
  });
  await compare('jobs map', maps, answers.maps, mapped);
  // What a fit would displace: the same R with its job list beside it, as
  // `rscope fit --displace` and the JS API's fit with `displace` say it.
  const displacing = maps.map((c, i) => ({ ...c, shape: DISPLACING[i % DISPLACING.length], label: `${c.label} fit --displace` }));
  const displaced = await page.evaluate((asked) => asked.map(([shape, r, list]) => {
    try {
      const a = window.rscope.fit(shape, r, { documents: [{ name: 'list', text: list }], displace: true });
      return { stdout: a.text, stderr: '', code: { now: 0, notnow: 3, never: 4 }[a.status] };
    } catch (e) {
      return { stdout: '', stderr: `rscope: ${e.message}\n`, code: 1 };
    }
  }), displacing.map((c) => [c.shape, c.r, c.list]));
  // The JS API names its rText `document`: so is the CLI's file named.
  const refitted = displacing.map((c) => {
    writeFileSync(join(dir, 'list'), c.list);
    writeFileSync(join(dir, 'document'), c.r);
    return run(['fit', '--displace', '--', c.shape, 'document', 'list'], '', dir);
  });
  await compare('fit --displace', displacing, displaced, refitted);
  expect(refitted.filter((p) => p.stdout.includes('fits by displacing')).length, 'fit --displace: jobs displaced').toBeGreaterThanOrEqual(5);
  // Answers, refusals and warnings are all exercised.
  expect(printed.filter((p) => p.code === 0).length, 'jobs: answers').toBeGreaterThanOrEqual(all.length / 2);
  expect(printed.filter((p) => p.code !== 0).length, 'jobs: refusals').toBeGreaterThanOrEqual(3);
  expect(mapped.filter((p) => p.code === 0 && p.stderr.includes('warning')).length, 'jobs map: warnings').toBeGreaterThanOrEqual(3);
  expect(mapped.filter((p) => p.code !== 0).length, 'jobs map: refusals').toBeGreaterThanOrEqual(2);
  expect(problems).toEqual([]);
});
