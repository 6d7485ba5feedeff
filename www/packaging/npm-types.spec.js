// The npm package's types reach a TypeScript user through its `exports`:
// a file in the folder the tarball was installed into (packaging/setup.js)
// imports `rscope` by name and is checked with `tsc --noEmit`, once with
// right calls and once with a wrong one, which must be refused.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '../tests/fixtures.js';

const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
const installed = fileURLToPath(new URL('../../target/packaging-site/npm', import.meta.url));

/** Check `source` as a module of a project in the install folder: tsc's output, empty when it passes. */
function check(source) {
  const dir = mkdtempSync(join(installed, 'ts-'));
  writeFileSync(join(dir, 'use.ts'), source);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', lib: ['esnext', 'dom'], types: [] },
    files: ['use.ts'],
  }));
  try {
    execFileSync(process.execPath, [tsc, '-p', dir, '--pretty', 'false'], { encoding: 'utf8' });
    return '';
  } catch (e) {
    return e.stdout;
  }
}

test('the package name resolves to rscope.d.ts, and rscope/jobs to its part', async () => {
  test.slow(); // two tsc runs
  const right = `import init, { summary, hostlist } from 'rscope';
import initJobs, { jobs, type JobsPrinted } from 'rscope/jobs';
import 'rscope/element';
await init();
await initJobs();
const cores: number = summary('{}').cores;
const hosts: string = hostlist('union', ['a[1-2]']);
const listed: JobsPrinted = jobs('', { format: 'long' });
export { cores, hosts, listed };
`;
  expect(check(right)).toBe('');
  const wrong = `import { summary } from 'rscope';
const cores: string = summary('{}').cores;
export { cores };
`;
  expect(check(wrong)).toMatch(/use\.ts\(2,7\): error TS2322: Type 'number' is not assignable to type 'string'/);
});
