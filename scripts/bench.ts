/**
 * `npm run bench`: every benchmark of the project, one after the other (never in tests: figures,
 * not assertions). Runs the clean site build, then each `bench:*` script of package.json.
 * Results go to stdout; docs/BENCHMARKS.md records them with the command and the date.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

const ROOT = new URL('..', import.meta.url).pathname;
const only = process.argv.slice(2);
const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { scripts: Record<string, string> };

console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString()}`,
);

function bench(name: string, run: () => boolean): boolean {
  if (only.length && !only.includes(name)) return true;
  console.log(`\n━━ ${name} ━━`);
  return run();
}

const results: boolean[] = [];
results.push(
  bench('build', () => {
    rmSync(`${ROOT}dist`, { recursive: true, force: true });
    rmSync(`${ROOT}node_modules/.astro`, { recursive: true, force: true });
    const started = performance.now();
    const r = spawnSync('npm', ['run', '--silent', 'build:site'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    console.log(`clean build, 6 brands × 2 locales: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return r.status === 0;
  }),
);
for (const script of Object.keys(pkg.scripts)
  .filter((s) => s.startsWith('bench:'))
  .sort()) {
  results.push(
    bench(
      script.slice('bench:'.length),
      () => spawnSync('npm', ['run', '--silent', script], { cwd: ROOT, stdio: 'inherit' }).status === 0,
    ),
  );
}
process.exit(results.every(Boolean) ? 0 : 1);
