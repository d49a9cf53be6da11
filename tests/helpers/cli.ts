import { runCli } from '../../src-main/cli/main';
import type { CliIo } from '../../src-main/cli/output';

/** Run the CLI in-process and capture what it prints. */
export async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t) };
  const code = await runCli(args, io);
  return { code, out, err };
}
