// Global set-up of the packaging specs: builds what a documentation host or
// an npm user would have, into target/packaging-site/ (served as is):
//   sphinx/  the fixture project sphinx-rscope/tests/site, built by
//            `sphinx-build -W` (any warning fails the run) with the
//            extension's default bundle, the checkout's pkg-embed/;
//   npm/     `npm pack pkg` installed into a folder of its own, beside
//            page.html with an import map made from the installed
//            package's `exports`, so the page imports it by name.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const site = join(repo, 'target/packaging-site');

function run(command, args, cwd = repo) {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

function buildSphinx() {
  const sphinx = join(repo, '.venv-sphinx/bin/sphinx-build');
  run(sphinx, ['-W', '-q', '-b', 'html', 'sphinx-rscope/tests/site', join(site, 'sphinx')]);
}

function installTarball() {
  const dir = join(site, 'npm');
  mkdirSync(dir, { recursive: true });
  const tarball = run('npm', ['pack', '--silent', '--pack-destination', site, join(repo, 'pkg')]).trim().split('\n').pop();
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'rscope-user', private: true }) + '\n');
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', join(site, tarball)], dir);
  const { exports } = JSON.parse(readFileSync(join(dir, 'node_modules/rscope/package.json'), 'utf8'));
  const at = (target) => './node_modules/rscope/' + target.replace(/^\.\//, '');
  const imports = { rscope: at(exports['.'].default), 'rscope/element': at(exports['./element']), 'rscope/jobs': at(exports['./jobs'].default) };
  const page = readFileSync(join(here, 'npm-page.html'), 'utf8')
    .replace('<!-- import map -->', `<script type="importmap">${JSON.stringify({ imports })}</script>`);
  writeFileSync(join(dir, 'page.html'), page);
}

export default function setup() {
  rmSync(site, { recursive: true, force: true });
  mkdirSync(site, { recursive: true });
  buildSphinx();
  installTarball();
}
