#!/usr/bin/env node
// `npm test`: every check the project has, in order, with one plain count at the end.
// Typecheck, layer check and build count as one test each; vitest's counts come from its JSON
// report (its own summary line is for people, not for CI).
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const artifacts = path.join(root, 'artifacts');
fs.mkdirSync(artifacts, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];
/** Each step's wall time, printed at the end: where a slow CI run spent its minutes. */
const took = [];

function step(name, command, args) {
  process.stdout.write(`\n▶ ${name}\n`);
  const started = Date.now();
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } });
  took.push([name, Math.round((Date.now() - started) / 1000)]);
  return r.status === 0;
}

function count(name, ok) {
  if (ok) passed++;
  else {
    failed++;
    failures.push(name);
  }
}

/** A step run beside others: what it prints is kept and shown whole once it ends. */
function quietly(name, command, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const end = (ok) => resolve({ name, ok, output, seconds: Math.round((Date.now() - started) / 1000) });
    child.on('error', (e) => {
      output += `${e.message}\n`;
      end(false);
    });
    child.on('close', (code) => end(code === 0));
  });
}

async function inTurn(steps) {
  const done = [];
  for (const s of steps) done.push(await quietly(...s));
  return done;
}

/**
 * The static checks and the build. Type-aware ESLint alone takes about 100 s on a 2-core machine
 * and the others about 60 s together, so ESLint runs beside them: the phase took 140 s against
 * 160 s one after another (2026-12-01). Each step's output is shown whole, in the usual order.
 */
async function staticChecks() {
  const lint = quietly('lint (ESLint, type-aware)', bin('eslint'), ['.']);
  const rest = await inTurn([
    ['typecheck (main, shared, tests)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.node.json']],
    ['typecheck (renderer)', bin('vue-tsc'), ['--noEmit', '-p', 'tsconfig.web.json']],
    ['layer check', process.execPath, ['scripts/check-layers.mjs']],
    ['format (Prettier)', bin('prettier'), ['--check', '.']],
    ['build (electron-vite: main, preload, renderer)', bin('electron-vite'), ['build']],
  ]);
  for (const r of [...rest.slice(0, 3), await lint, ...rest.slice(3)]) {
    process.stdout.write(`\n▶ ${r.name}\n${r.output}`);
    took.push([r.name, r.seconds]);
    count(r.name, r.ok);
  }
}

function vitest(name, projects) {
  const report = path.join(artifacts, `vitest-${name}.json`);
  fs.rmSync(report, { force: true });
  const ok = step(`vitest: ${name}`, bin('vitest'), [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  if (!fs.existsSync(report)) {
    failed++;
    failures.push(`vitest ${name} (no report: it crashed before running)`);
    return;
  }
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  // A file that fails to load has no tests to count, so it would otherwise vanish from the tally.
  const broken = json.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0);
  failed += broken.length;
  for (const f of broken) failures.push(`${path.relative(root, f.name)} did not load`);
  for (const f of json.testResults) for (const a of f.assertionResults) if (a.status === 'failed') failures.push(a.fullName);
  if (!ok && json.numFailedTests === 0 && broken.length === 0) {
    failed++;
    failures.push(`vitest ${name} exited non-zero`);
  }
  if (json.numTotalTests === 0) {
    failed++;
    failures.push(`vitest ${name} ran no test`);
  }
}

await staticChecks();
vitest('unit-integration-security', ['unit', 'integration', 'security']);
vitest('stress', ['stress']);
vitest('e2e', ['e2e']);

console.log(`\nTime per step:\n${took.map(([name, seconds]) => `  ${String(seconds).padStart(5)} s  ${name}`).join('\n')}`);
if (failures.length) console.log(`\nFailed:\n  ${failures.join('\n  ')}`);
const summary = `${passed} passed, ${failed} failed`;
fs.writeFileSync(path.join(artifacts, 'test-summary.txt'), `${summary}\n`);
console.log(`\n${summary}`);
process.exitCode = failed === 0 ? 0 : 1;
