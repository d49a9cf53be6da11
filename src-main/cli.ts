import { runCli } from './cli/main';

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
  },
  (err) => {
    process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
    process.exitCode = 1;
  },
);
