import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import * as path from 'node:path';

/** The built CLI, as a user runs it: a process of its own. */
export const CLI_ENTRY = path.resolve(__dirname, '../../out/main/cli.js');

/** A TypeScript helper in tests/helpers run as a process of its own (through tsx), stdout piped. */
export function spawnHelper(script: string, args: string[]): ChildProcessByStdio<null, Readable, null> {
  // A helper is a process of the studio's own: its schedulers registered before it reads a design, as each entry does.
  return spawn(process.execPath, ['--import', 'tsx', '--import', path.join(__dirname, 'registerSchedulers.ts'), path.join(__dirname, script), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, TSX_TSCONFIG_PATH: path.resolve(__dirname, '../../tsconfig.node.json') },
  });
}

export interface Finished {
  code: number | null;
  out: string;
  err: string;
}

/** Run `workload-studio ARGS` in a child process and collect what it prints. */
export function runCliProcess(args: string[]): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_ENTRY, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

export interface ServeProcess {
  child: ChildProcess;
  origin: string;
  /** The page's address with the launch's token, as serve prints it. */
  url: string;
  /** One API call over HTTP with the launch's token. */
  call<T = unknown>(channel: string, payload?: unknown): Promise<{ ok: boolean; data?: T; error?: { code: string; message: string } }>;
  stop(): Promise<void>;
}

/** `workload-studio serve` on a data folder, ready once it printed its URL. */
/** `extra`: more flags for serve (`--scheduler FILE`). */
export function startServeProcess(dataDir: string, extra: readonly string[] = []): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CLI_ENTRY, 'serve', '--data-dir', dataDir, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${errors}`)));
    child.stdout!.on('data', (d: Buffer) => {
      printed += d.toString();
      const m = /Open (http:\/\/127\.0\.0\.1:\d+)\/#token=(\S+)/.exec(printed);
      if (!m) return;
      const [, origin, token] = m;
      resolve({
        child,
        origin,
        url: `${origin}/#token=${token}`,
        async call(channel, payload = {}) {
          const res = await fetch(`${origin}/api/${encodeURIComponent(channel)}`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify(payload),
          });
          return res.json() as never;
        },
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.on('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
