#!/usr/bin/env node
// Layer check (architecture.md "Layers"): who may import what. Run by `npm test` and by
// tests/security/layers.test.ts, which also proves it catches a planted violation.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { builtinModules, createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ts = require('typescript');

const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const isBuiltin = (spec) => spec.startsWith('node:') || BUILTINS.has(spec) || BUILTINS.has(spec.split('/')[0]);
const SOURCE = /\.(ts|mts|cts|vue|js|mjs)$/;

function walk(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : walk(p);
    return SOURCE.test(e.name) ? [p] : [];
  });
}

/** Every module specifier a file imports, re-exports, dynamically imports or requires. */
export function importsOf(file) {
  let text = fs.readFileSync(file, 'utf8');
  if (file.endsWith('.vue')) text = [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

function resolveLocal(root, from, spec) {
  let base;
  if (spec.startsWith('@shared/')) base = path.join(root, 'src-main/shared', spec.slice('@shared/'.length));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.vue`, `${base}.mjs`, `${base}.js`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const within = (file, dir) => file === dir || file.startsWith(dir + path.sep);

/**
 * Who may import whom inside src-main (docs/architecture.md "Layers"), one line a folder: a
 * folder may import itself and the folders named. Files directly in src-main (the entries) are
 * not listed. The table has no cycle, so neither has the code.
 */
export const ALLOWED = {
  shared: [],
  files: ['shared'],
  formats: [],
  engine: ['shared'],
  models: ['shared', 'engine', 'workloads'],
  schedulers: ['shared', 'engine', 'models'],
  workloads: ['shared', 'engine'],
  reports: ['shared'],
  clusters: ['shared', 'workloads', 'schedulers'],
  store: ['shared', 'files', 'formats'],
  runner: ['shared', 'files', 'formats', 'engine', 'models', 'schedulers', 'workloads', 'store'],
  services: ['shared', 'files', 'formats', 'engine', 'models', 'schedulers', 'workloads', 'clusters', 'reports', 'runner', 'store'],
  server: ['shared', 'services'],
  app: ['shared', 'services', 'server'],
  cli: ['shared', 'files', 'models', 'reports', 'workloads', 'clusters', 'runner', 'store', 'services', 'server'],
};

/**
 * The engine's own folders, ground first (docs/architecture.md "The engine's folders"): a folder
 * may import itself and the folders below it, never one above.
 */
export const ENGINE_ORDER = ['core', 'state', 'resources', 'jobs', 'measure', 'lifecycle', 'scheduling', 'run'];
export const ENGINE_ALLOWED = Object.fromEntries(ENGINE_ORDER.map((f, i) => [f, ENGINE_ORDER.slice(0, i)]));

/** Folders that reach themselves through the table: the rows that must change before the code can. */
export function tableCycles(table) {
  const cycles = [];
  const visit = (from, at, trail) => {
    for (const next of table[at] ?? []) {
      if (next === from) cycles.push([...trail, next].join(' → '));
      else if (!trail.includes(next)) visit(from, next, [...trail, next]);
    }
  };
  for (const layer of Object.keys(table)) visit(layer, layer, [layer]);
  return cycles;
}

/** The src-main folder a file belongs to, or undefined for the entries directly in src-main. */
function layerOf(root, file) {
  const rel = path.relative(path.join(root, 'src-main'), file).split(path.sep);
  return rel.length > 1 && !rel[0].startsWith('..') ? rel[0] : undefined;
}

/** The engine folder a file of src-main/engine belongs to, or undefined outside it. */
function engineFolderOf(root, file) {
  const rel = path.relative(path.join(root, 'src-main/engine'), file).split(path.sep);
  return rel.length > 1 && !rel[0].startsWith('..') ? rel[0] : undefined;
}

/**
 * Import circles among `files` (Tarjan's strongly connected components over their local
 * imports, type imports included): each as the files that reach one another.
 */
export function importCircles(root, files) {
  const edges = new Map(
    files.map((f) => [
      f,
      importsOf(f)
        .map((s) => resolveLocal(root, f, s))
        .filter(Boolean),
    ]),
  );
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  const strong = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) circles.push(component.sort());
  };
  for (const f of files) if (!index.has(f)) strong(f);
  return circles;
}

/**
 * Lines of doc comments (`/** … *\/`) that the very next line follows with another doc comment:
 * the first documents nothing (a module's header stands apart, a blank line below it).
 */
export function orphanDocComments(text) {
  const lines = text.split('\n');
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].trim().startsWith('/**')) continue;
    const start = i;
    while (i < lines.length && !lines[i].includes('*/')) i++;
    if (i + 1 < lines.length && lines[i + 1].trim().startsWith('/**')) found.push(start + 1);
  }
  return found;
}

/** The files allowed to import `electron`: the thin shell only. */
function isShell(root, file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  return rel === 'src-main/index.ts' || rel === 'src-main/preload.ts' || rel.startsWith('src-main/app/');
}

/** A .vue file's script blocks; any other file whole. */
function scriptOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  return file.endsWith('.vue') ? [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n') : text;
}

/**
 * Loads of a saved list (`api.call('<domain>:list', …)`) outside a useLiveQuery(…) call: a list read
 * once goes stale when another window or the CLI changes it. A one-time read that means to be one
 * (a free name for a new draft) says so in a `// data-pattern:` comment on the line before.
 */
export function listLoadsOutsideQueries(text) {
  const source = ts.createSourceFile('script.ts', text, ts.ScriptTarget.Latest, true);
  const lines = text.split('\n');
  const found = [];
  const visit = (node, inQuery) => {
    let inside = inQuery;
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      if (callee === 'useLiveQuery') inside = true;
      const [first] = node.arguments;
      if (callee === 'api.call' && first && ts.isStringLiteral(first) && first.text.endsWith(':list') && !inside) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        if (!/\/\/ data-pattern:/.test(lines[line - 1] ?? '')) found.push({ line: line + 1, channel: first.text });
      }
    }
    ts.forEachChild(node, (child) => visit(child, inside));
  };
  visit(source, false);
  return found;
}

export function checkLayers(root) {
  const violations = [...tableCycles(ALLOWED), ...tableCycles(ENGINE_ALLOWED)].map((c) => `layer table: ${c} is a cycle`);
  const rel = (f) => path.relative(root, f).split(path.sep).join('/');
  const pure = [path.join(root, 'src-main/shared'), path.join(root, 'src-main/engine')];
  const renderer = path.join(root, 'src-renderer');
  const shared = path.join(root, 'src-main/shared');

  for (const file of walk(path.join(root, 'src-main'))) {
    const from = layerOf(root, file);
    for (const spec of importsOf(file)) {
      const target = resolveLocal(root, file, spec);
      const to = target && layerOf(root, target);
      if (from && to && to !== from && !(ALLOWED[from] ?? []).includes(to)) {
        violations.push(`${rel(file)}: imports ${rel(target)} (${from}/ may import ${(ALLOWED[from] ?? []).join(', ') || 'nothing of src-main'})`);
      }
      const inner = engineFolderOf(root, file);
      const innerTo = target && engineFolderOf(root, target);
      if (inner && innerTo && innerTo !== inner && !(ENGINE_ALLOWED[inner] ?? []).includes(innerTo)) {
        violations.push(
          `${rel(file)}: imports ${rel(target)} (engine/${inner}/ may import ${(ENGINE_ALLOWED[inner] ?? []).map((f) => `engine/${f}/`).join(', ') || 'nothing else of the engine'}: the engine's folders point down only)`,
        );
      }
      if (pure.some((d) => within(file, d))) {
        if (spec === 'electron' || isBuiltin(spec)) violations.push(`${rel(file)}: imports "${spec}" (shared/ and engine/ stay free of Node and Electron)`);
      }
      if (spec === 'electron' && !isShell(root, file)) violations.push(`${rel(file)}: imports "electron" (only src-main/app, index.ts and preload.ts may)`);
    }
  }

  // Comments say why, not when: an issue's number in a comment is history, which lives in git.
  for (const file of [...walk(path.join(root, 'src-main')), ...walk(renderer)]) {
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (/(\/\/|\/\*|^\s*\*).*\bissue \d+/i.test(line))
          violations.push(`${rel(file)}:${i + 1}: a comment names an issue (history lives in git; say why the code is so)`);
      });
  }

  // A doc comment belongs on the declaration below it: one followed by another documents nothing.
  for (const file of [...walk(path.join(root, 'src-main')), ...walk(renderer)]) {
    for (const line of orphanDocComments(fs.readFileSync(file, 'utf8')))
      violations.push(`${rel(file)}:${line}: a doc comment stands above another, not above a declaration`);
  }

  for (const circle of importCircles(root, walk(path.join(root, 'src-main')))) {
    violations.push(`import circle: ${circle.map(rel).join(' ⇄ ')} (each reaches the others; move what they share into a file they both import)`);
  }

  // One way to get data: the store's changes are subscribed in one module, which the live
  // queries and the Pinia stores register with; anything else listening reloads on its own terms.
  const subscription = path.join(renderer, 'src/composables/storeChanges.ts');
  // An editor holds its document one way: composables/useDocument.ts (history, save, leave guard).
  const documentModule = path.join(renderer, 'src/composables/useDocument.ts');
  for (const file of walk(renderer)) {
    if (file === documentModule) continue;
    for (const spec of importsOf(file)) {
      if (/\/(useDocumentSave|useUnsavedGuard)$/.test(spec))
        violations.push(`${rel(file)}: imports ${spec} (an editor holds its document through composables/useDocument.ts)`);
    }
  }

  // Every Run goes through one composable (saving first, large batches, opening the history).
  const runner = path.join(renderer, 'src/composables/useRunExperiment.ts');
  for (const file of walk(renderer)) {
    if (file !== runner && /['"]experiments:run['"]/.test(scriptOf(file))) {
      violations.push(`${rel(file)}: calls experiments:run itself (start a batch through composables/useRunExperiment.ts)`);
    }
    if (file !== subscription && /\.on\(\s*['"]store:changed['"]/.test(fs.readFileSync(file, 'utf8'))) {
      violations.push(
        `${rel(file)}: listens to store:changed itself (register with composables/storeChanges.ts, or load data through composables/useLiveQuery.ts or a store in stores/)`,
      );
    }
    // The live queries and the stores are where lists are loaded.
    if (within(file, path.join(renderer, 'src/composables/useLiveQuery.ts')) || within(file, path.join(renderer, 'src/stores'))) continue;
    for (const { line, channel } of listLoadsOutsideQueries(scriptOf(file))) {
      violations.push(
        `${rel(file)}: loads ${channel} outside useLiveQuery (script line ${line}; use useLiveQuery or a store in stores/, or mark a one-time read with // data-pattern: and why)`,
      );
    }
  }

  for (const file of walk(renderer)) {
    for (const spec of importsOf(file)) {
      if (spec === 'electron' || isBuiltin(spec)) {
        violations.push(`${rel(file)}: imports "${spec}" (the renderer has no Node or Electron)`);
        continue;
      }
      const target = resolveLocal(root, file, spec);
      if (target && !within(target, renderer) && !within(target, shared)) {
        violations.push(`${rel(file)}: imports ${rel(target)} (the renderer may import only src-main/shared, as @shared)`);
      }
    }
  }

  // Nothing a test loads may reach `electron`, directly or through any chain of local imports.
  const seen = new Map();
  const reachesElectron = (file, chain) => {
    if (seen.has(file)) return seen.get(file);
    seen.set(file, undefined);
    let found;
    for (const spec of importsOf(file)) {
      if (spec === 'electron') {
        found = [...chain, file];
        break;
      }
      const target = resolveLocal(root, file, spec);
      if (target) {
        const deeper = reachesElectron(target, [...chain, file]);
        if (deeper) {
          found = deeper;
          break;
        }
      }
    }
    seen.set(file, found);
    return found;
  };
  for (const test of walk(path.join(root, 'tests'))) {
    // A test that replaces electron with a fake (vi.mock) never loads the real one.
    if (/vi\.mock\(\s*['"]electron['"]/.test(fs.readFileSync(test, 'utf8'))) continue;
    const chain = reachesElectron(test, []);
    if (chain) violations.push(`${rel(test)}: loads electron via ${chain.map(rel).join(' → ')}`);
  }
  return violations;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const violations = checkLayers(root);
  if (violations.length) {
    console.error(`Layer check failed (${violations.length}):\n  ${violations.join('\n  ')}`);
    process.exit(1);
  }
  console.log(
    "Layer check passed: every import follows the table, the engine's folders point down only, no import circle, shared/ and engine/ are pure, the renderer imports only @shared, no test loads electron.",
  );
}
