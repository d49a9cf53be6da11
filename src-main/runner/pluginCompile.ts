import * as fs from 'node:fs';
import * as path from 'node:path';
import { pluginTempDir } from './pluginTemp';

/** The studio's own module a scheduler file may import (resources/scheduler-api: its types). */
const API_MODULE = 'workload-studio/scheduler';
const API_SOURCE = 'export function defineScheduler(scheduler) { return scheduler; }';

/**
 * The file Node imports: a JavaScript file as it is; a TypeScript one (.ts, .mts), or one that
 * imports the studio's module, compiled by esbuild (types dropped, the studio's module put in)
 * into this process's plug-in folder under its source's hash (the hash a result records is the
 * source's). Such a file imports nothing else but Node's own modules: what it runs is the file.
 */
export async function runnable(full: string, bytes: Buffer, sha256: string): Promise<string> {
  const usesApi = bytes.includes(API_MODULE);
  if (!/\.m?ts$/.test(full) && !usesApi) return full;
  const out = path.join(pluginTempDir(), 'compiled', `${sha256}.mjs`);
  if (fs.existsSync(out)) return out;
  const { build } = await import('esbuild');
  const built = await build({
    entryPoints: [full],
    bundle: true,
    write: false,
    // A map beside it, so an error's line can be told in the user's file (pluginGuard.ts).
    sourcemap: 'external',
    outfile: out,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
    plugins: [
      {
        name: 'workload-studio-api',
        setup(b) {
          b.onResolve({ filter: /^workload-studio\/scheduler$/ }, () => ({ path: API_MODULE, namespace: 'workload-studio' }));
          b.onLoad({ filter: /.*/, namespace: 'workload-studio' }, () => ({ contents: API_SOURCE, loader: 'js' }));
          b.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === 'entry-point') return undefined;
            if (args.path.startsWith('node:')) return { external: true };
            return { errors: [{ text: `imports "${args.path}": a scheduler file imports only ${API_MODULE} and Node's own modules (node:…)` }] };
          });
        },
      },
    ],
  });
  fs.mkdirSync(path.dirname(out), { recursive: true });
  for (const f of built.outputFiles) fs.writeFileSync(f.path, f.text);
  return out;
}
