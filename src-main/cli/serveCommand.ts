import * as path from 'node:path';
import { startLoopbackServer } from '../server/loopbackServer';
import type { Services } from '../services';
import { CliUsageError, type CliIo } from './output';

export const serveHelp = `workload-studio serve [--port N] [--data-dir DIR] [--queue redis://HOST:PORT] [--scheduler FILE]…

  Serves the studio and its API on http://127.0.0.1 only, with a token made for this launch.
  Open the printed URL in a browser. On a remote box, forward the port over SSH
  (ssh -L 8750:127.0.0.1:8750 box) and open the URL with the forwarded port.
  --queue URL  run every batch on the workers of a queue in Redis (workload-studio worker --help)
               instead of this machine's threads; the store stays here.
  --scheduler FILE  offer a scheduler of your own from FILE (docs/plugins.md) in the designer,
               beside the built-ins. Repeat for several. A plug-in is code that runs with your
               rights; with --queue it goes with the runs to workers started with --allow-plugins.
`;

/** Where the built renderer sits relative to the built CLI (out/main → out/renderer). */
export function builtRendererDir(): string {
  return path.resolve(__dirname, '../renderer');
}

/** The port --port names (0: any free one), or a usage error naming the flag; checked before the data folder is opened. */
export function servePort(flags: Record<string, string | boolean | undefined>): number {
  const port = flags.port === undefined ? 0 : Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliUsageError(`--port: "${String(flags.port)}" is not a port number (0-65535)`);
  return port;
}

export async function serveCommand(services: Services, flags: Record<string, string | boolean | undefined>, io: CliIo): Promise<number> {
  const port = servePort(flags);
  let server;
  try {
    server = await startLoopbackServer({
      dispatch: services.dispatch,
      events: services.events,
      imports: services.imports,
      rendererDir: builtRendererDir(),
      port,
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw err;
    io.err(
      code === 'EADDRINUSE'
        ? `error: port ${port} is in use (another studio, or another program): give another with --port, or leave --port out for a free one\n`
        : `error: port ${port} may not be opened by this user (ports below 1024 are the system's): give one from 1024 to 65535 with --port, or leave --port out\n`,
    );
    return 1;
  }
  io.out(`Workload Studio is serving ${services.store.file}\nOpen ${server.url}\n(Ctrl+C stops it)\n`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  return 0;
}
