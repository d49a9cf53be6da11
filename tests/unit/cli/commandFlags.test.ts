import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_OPTIONS, COMMAND_FLAGS, joinNegativeValues, misplacedFlag } from '../../../src-main/cli/commandFlags';

const CLI = path.resolve(__dirname, '../../../src-main/cli');

/** The flags a command's source reads (`flags.x`, `flags['x-y']`, and numberFlag(flags, 'x')). */
function flagsRead(file: string): Set<string> {
  const text = fs.readFileSync(path.join(CLI, file), 'utf8');
  const found = new Set<string>();
  for (const m of text.matchAll(/flags\.([a-z]+)|flags\['([a-z-]+)'\]|numberFlag\(flags, '([a-z-]+)'\)/g)) found.add(m.slice(1).find(Boolean)!);
  return found;
}

describe('each command takes only its own flags', () => {
  it('names every flag the CLI parses, and no other', () => {
    const parsed = Object.keys(CLI_OPTIONS).filter((f) => f !== 'help' && f !== 'version');
    const taken = new Set(Object.values(COMMAND_FLAGS).flat());
    expect([...taken].filter((f) => !parsed.includes(f))).toEqual([]);
    expect(parsed.filter((f) => !taken.has(f))).toEqual([]);
  });

  it("lists every flag a command's source reads", () => {
    const files: Record<string, string> = {
      clusters: 'clustersCommand.ts',
      workloads: 'workloadsCommand.ts',
      runs: 'runsCommand.ts',
      run: 'runCommand.ts',
      serve: 'serveCommand.ts',
      report: 'reportCommand.ts',
      profile: 'profileCommand.ts',
      plan: 'planCommand.ts',
      speedup: 'speedupCommand.ts',
      locality: 'localityCommand.ts',
      interference: 'interferenceCommand.ts',
    };
    for (const [command, file] of Object.entries(files)) {
      const allowed = new Set(
        Object.entries(COMMAND_FLAGS)
          .filter(([k]) => k === command || k.startsWith(`${command} `))
          .flatMap(([, v]) => v),
      );
      expect(
        [...flagsRead(file)].filter((f) => !allowed.has(f)),
        command,
      ).toEqual([]);
    }
  });

  it('refuses a flag of another command, naming it and the command', () => {
    expect(misplacedFlag('runs', 'list', ['maps'])).toBe('--maps is not an option of "runs list" (it takes --data-dir, --json)');
    expect(misplacedFlag('workloads', 'delete', ['data-dir', 'out'])).toMatch(/^--out is not an option of "workloads delete"/);
    expect(misplacedFlag('report', 'result.json', ['format', 'out', 'data-dir'])).toMatch(/^--data-dir is not an option of "report"/);
    expect(misplacedFlag('workloads', 'export', ['format', 'cluster', 'seed', 'help'])).toBeUndefined();
    // A verb the command lacks is the command's to refuse, with its own message.
    expect(misplacedFlag('clusters', 'frobnicate', ['json'])).toBeUndefined();
  });
});

describe('a negative number after a flag', () => {
  it("is that flag's value, so the command's own check answers it (Node's parser calls it ambiguous)", () => {
    expect(joinNegativeValues(['why', 'r.json', '--at', '-5', '--job', 'j1'])).toEqual(['why', 'r.json', '--at=-5', '--job', 'j1']);
    expect(joinNegativeValues(['plan', '--deadline', '-.5'])).toEqual(['plan', '--deadline=-.5']);
    // A flag after a flag that takes no value, or a word starting with a dash, stays as it was.
    expect(joinNegativeValues(['run', 'e.json', '--save', '--data-dir', 'd'])).toEqual(['run', 'e.json', '--save', '--data-dir', 'd']);
    expect(joinNegativeValues(['run', 'e.json', '--json', '-5'])).toEqual(['run', 'e.json', '--json', '-5']);
    expect(joinNegativeValues(['run', '--out', '-x.json'])).toEqual(['run', '--out', '-x.json']);
  });
});
