#!/usr/bin/env node
// Before `npm run cli` and `npm run reproductions:record` (whose runs go through the built
// worker): build once if the bundle is missing or older than any source file,
// so the CLI always runs what the sources say without paying for a build every call.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(root, 'out/main/cli.js');

function newest(dir) {
  let latest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    latest = Math.max(latest, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return latest;
}

const built = fs.existsSync(bundle) ? fs.statSync(bundle).mtimeMs : 0;
const sources = Math.max(newest(path.join(root, 'src-main')), newest(path.join(root, 'src-renderer')));
if (built < sources) {
  process.stderr.write('building the studio (sources changed)…\n');
  const r = spawnSync(path.join(root, 'node_modules/.bin/electron-vite'), ['build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
