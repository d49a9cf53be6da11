import { runCli } from './cli/main';

// Headless entry: the same services and data folder as the desktop app, without Electron.
runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
    process.exitCode = 1;
  },
);
