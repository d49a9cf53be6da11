import type { ParseArgsConfig } from 'node:util';

/** Every flag of the CLI and its kind; which command takes which is COMMAND_FLAGS below. */
export const CLI_OPTIONS = {
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  json: { type: 'boolean' },
  out: { type: 'string', short: 'o' },
  name: { type: 'string' },
  port: { type: 'string' },
  save: { type: 'boolean' },
  attempts: { type: 'boolean' },
  timing: { type: 'boolean' },
  threads: { type: 'string' },
  run: { type: 'string' },
  format: { type: 'string' },
  samples: { type: 'string' },
  seed: { type: 'string' },
  'disk-thrashing': { type: 'string' },
  of: { type: 'string' },
  'skip-bad': { type: 'boolean' },
  'allow-large': { type: 'boolean' },
  replay: { type: 'string' },
  'embed-plugins': { type: 'boolean' },
  csv: { type: 'boolean' },
  profile: { type: 'string' },
  maps: { type: 'string' },
  reduces: { type: 'string' },
  'map-slots': { type: 'string' },
  'reduce-slots': { type: 'string' },
  deadline: { type: 'string' },
  'input-mb': { type: 'string' },
  'scale-from': { type: 'string', multiple: true },
  scheduler: { type: 'string', multiple: true },
  'allow-plugins': { type: 'boolean' },
  template: { type: 'string' },
  'fail-at': { type: 'string' },
  stage: { type: 'string' },
  replenish: { type: 'boolean' },
  workers: { type: 'string' },
  'detect-after': { type: 'string' },
  'deadline-factor': { type: 'string' },
  'deadline-slack': { type: 'string' },
  baseline: { type: 'string' },
  cluster: { type: 'string' },
  queue: { type: 'string' },
  concurrency: { type: 'string' },
  'stall-timeout': { type: 'string' },
  job: { type: 'string' },
  at: { type: 'string' },
} satisfies ParseArgsConfig['options'];

/**
 * Which flags each command takes, so a flag given to a command that does not read it (`runs list
 * --maps 3`) is an error naming both rather than silently ignored. Keys are the command, or the
 * command and its verb where verbs differ. `--help` and `--version` go with any command.
 */
export const COMMAND_FLAGS: Record<string, readonly string[]> = {
  'clusters list': ['data-dir', 'json'],
  'clusters export': ['data-dir', 'format', 'out'],
  'clusters import': ['data-dir', 'name'],
  'workloads list': ['data-dir', 'json'],
  'workloads import': ['data-dir', 'format', 'name', 'skip-bad', 'allow-large', 'replay', 'deadline-factor', 'deadline-slack'],
  'workloads export': ['data-dir', 'format', 'csv', 'cluster', 'seed', 'out'],
  'workloads delete': ['data-dir'],
  'runs list': ['data-dir', 'json'],
  run: ['out', 'save', 'attempts', 'timing', 'threads', 'data-dir', 'queue', 'allow-large', 'scheduler', 'embed-plugins'],
  serve: ['data-dir', 'port', 'queue', 'scheduler'],
  worker: ['queue', 'concurrency', 'stall-timeout', 'allow-plugins'],
  report: ['format', 'out', 'baseline'],
  profile: ['run'],
  plan: [
    'json',
    'profile',
    'template',
    'maps',
    'reduces',
    'map-slots',
    'reduce-slots',
    'deadline',
    'input-mb',
    'scale-from',
    'fail-at',
    'stage',
    'replenish',
    'workers',
    'detect-after',
  ],
  speedup: ['json', 'of'],
  locality: ['json'],
  why: ['job', 'at', 'run', 'seed', 'json', 'scheduler'],
  interference: ['json', 'samples', 'seed', 'disk-thrashing'],
  'yarn-config import': ['json'],
  'yarn-config export': ['format', 'out'],
  'scheduler new': ['out'],
  'scheduler check': [],
};

const ALWAYS = new Set(['help', 'version']);

/**
 * The first flag among `given` that `command` (with its verb) does not take, with the message that
 * says so; undefined when all belong. A verb the command lacks is left to the command to refuse.
 */
export function misplacedFlag(command: string, verb: string | undefined, given: readonly string[]): string | undefined {
  const key = verb !== undefined && `${command} ${verb}` in COMMAND_FLAGS ? `${command} ${verb}` : command;
  const allowed = COMMAND_FLAGS[key] as readonly string[] | undefined;
  if (!allowed) return undefined;
  const wrong = given.find((f) => !ALWAYS.has(f) && !allowed.includes(f));
  if (wrong === undefined) return undefined;
  const takes = allowed.length ? `it takes ${allowed.map((f) => `--${f}`).join(', ')}` : 'it takes no options';
  return `--${wrong} is not an option of "${key}" (${takes})`;
}

/**
 * `--at -5` as `--at=-5`: Node's parser takes a value starting with a dash for a flag and refuses
 * it as ambiguous, so a negative number never reached the command's own check, which says what the
 * value must be.
 */
export function joinNegativeValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = /^--([a-z-]+)$/.exec(argv[i])?.[1];
    const takesValue = flag !== undefined && Object.hasOwn(CLI_OPTIONS, flag) && CLI_OPTIONS[flag as keyof typeof CLI_OPTIONS].type === 'string';
    if (takesValue && i + 1 < argv.length && /^-(\d|\.\d|Infinity)/.test(argv[i + 1])) {
      out.push(`${argv[i]}=${argv[i + 1]}`);
      i++;
    } else out.push(argv[i]);
  }
  return out;
}

/**
 * A flag mistake the argument parser (node:util parseArgs) threw, in the words misplacedFlag uses:
 * an option no command takes, named with what the command does take, or a flag given without its
 * value. Any other parse error keeps its own message.
 */
export function flagMistake(err: unknown, argv: readonly string[]): string {
  const { code, message } = err as { code?: string; message?: string };
  const text = message ?? String(err);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const flag = /'(-[^' ]+)'/.exec(text)?.[1];
    if (flag === undefined) return text;
    const inCommand = argv.length > 0 && flag.startsWith('--') ? misplacedFlag(argv[0], argv.at(1), [flag.slice(2)]) : undefined;
    return inCommand ?? `${flag} is not an option of workload-studio`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const flag = /--[\w-]+/.exec(text)?.[0];
    if (flag !== undefined && text.endsWith('argument missing')) return `${flag} needs a value`;
    if (flag !== undefined && text.includes('does not take an argument')) return `${flag} takes no value`;
  }
  return text;
}
