// Every scheduler is registered before anything reads a design (src-main/schedulers/registry.ts).
import './schedulers/registry';
import { runCli } from './cli/main';
import { redactRedisUrls } from './shared/api/redisUrl';

// Headless entry: the same services and data folder as the desktop app, without Electron.

// A reader that stops early (`… | head`) closes the pipe: the rest of the output has nowhere to go,
// which is not an error of the command.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE') throw err;
  process.exit(process.exitCode ?? 0);
});

runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    // A worker that stopped has nothing left to write, and a run is over once its output is
    // written: a Redis connection still trying to come back (BullMQ's own, out of reach) must not
    // hold the process. Other commands end when done.
    if (process.argv[2] === 'worker') process.exit(code);
    if (process.argv[2] === 'run') process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
  },
  (err) => {
    process.stderr.write(`${redactRedisUrls((err as Error).stack ?? String(err))}\n`);
    process.exitCode = 1;
  },
);
