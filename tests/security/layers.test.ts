import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { ALLOWED, checkLayers, tableCycles } from '../../scripts/check-layers.mjs';
import { useTempDirs } from '../helpers/tempDir';

const tempDir = useTempDirs();
const root = path.resolve(__dirname, '../..');

function plant(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('layer check', () => {
  it('passes on the project', () => {
    expect(checkLayers(root)).toEqual([]);
  });

  it('catches Node and Electron in shared/ and engine/', () => {
    const dir = plant({
      'src-main/shared/a.ts': "import * as fs from 'node:fs';",
      'src-main/engine/b.ts': "import { app } from 'electron';\nimport path from 'path';",
    });
    expect(checkLayers(dir)).toEqual([
      'src-main/engine/b.ts: imports "electron" (shared/ and engine/ stay free of Node and Electron)',
      'src-main/engine/b.ts: imports "electron" (only src-main/app, index.ts and preload.ts may)',
      'src-main/engine/b.ts: imports "path" (shared/ and engine/ stay free of Node and Electron)',
      'src-main/shared/a.ts: imports "node:fs" (shared/ and engine/ stay free of Node and Electron)',
    ]);
  });

  it('catches the renderer reaching past @shared, including from .vue files', () => {
    const dir = plant({
      'src-main/store/db.ts': 'export const x = 1;',
      'src-main/shared/ok.ts': 'export const y = 1;',
      'src-renderer/src/A.vue': "<script setup lang=\"ts\">\nimport { x } from '../../src-main/store/db';\nimport { y } from '@shared/ok';\n</script>",
    });
    expect(checkLayers(dir)).toEqual(['src-renderer/src/A.vue: imports src-main/store/db.ts (the renderer may import only src-main/shared, as @shared)']);
  });

  it("catches anything but the one subscription module listening to the store's changes", () => {
    const dir = plant({
      'src-renderer/src/views/V.vue': '<script setup lang="ts">\nconst off = api.on(\'store:changed\', () => void load());\n</script>',
      'src-renderer/src/composables/storeChanges.ts': "api.on('store:changed', (c) => fan(c));",
      'src-renderer/src/composables/useLiveQuery.ts': 'onStoreChanged(domains, () => reload());',
      'src-renderer/src/stores/list.ts': "api.on('store:changed', () => load());",
    });
    expect(checkLayers(dir)).toEqual([
      'src-renderer/src/stores/list.ts: listens to store:changed itself (register with composables/storeChanges.ts, or load data through composables/useLiveQuery.ts or a store in stores/)',
      'src-renderer/src/views/V.vue: listens to store:changed itself (register with composables/storeChanges.ts, or load data through composables/useLiveQuery.ts or a store in stores/)',
    ]);
  });

  it('catches a comment that carries history (an issue number) rather than a reason', () => {
    const dir = plant({
      'src-main/runner/a.ts': "// Added for issue 29 item 4.\nexport const a = 1;\nconst message = 'see issue 7'; // a string is not a comment",
    });
    expect(checkLayers(dir)).toEqual(['src-main/runner/a.ts:1: a comment names an issue (history lives in git; say why the code is so)']);
  });

  it('catches a doc comment stacked on another, which documents nothing (a module header stands apart)', () => {
    const dir = plant({
      'src-main/runner/a.ts': '/** Module header. */\n\n/** What b is. */\nexport const b = 1;\n/** Orphaned. */\n/** What c is. */\nexport const c = 2;',
    });
    expect(checkLayers(dir)).toEqual(['src-main/runner/a.ts:5: a doc comment stands above another, not above a declaration']);
  });

  it('catches an editor holding its document other than through useDocument', () => {
    const dir = plant({
      'src-renderer/src/composables/useDocument.ts':
        "import { useDocumentSave } from './useDocumentSave';\nimport { useUnsavedGuard } from './useUnsavedGuard';",
      'src-renderer/src/views/Editor.vue': '<script setup lang="ts">\nimport { useUnsavedGuard } from \'../composables/useUnsavedGuard\';\n</script>',
    });
    expect(checkLayers(dir)).toEqual([
      'src-renderer/src/views/Editor.vue: imports ../composables/useUnsavedGuard (an editor holds its document through composables/useDocument.ts)',
    ]);
  });

  it('catches a Run started outside the one composable', () => {
    const dir = plant({
      'src-renderer/src/composables/useRunExperiment.ts': "api.call('experiments:run', { id });",
      'src-renderer/src/views/List.vue': '<script setup lang="ts">\nconst go = (id: string) => api.call(\'experiments:run\', { id });\n</script>',
    });
    expect(checkLayers(dir)).toEqual(['src-renderer/src/views/List.vue: calls experiments:run itself (start a batch through composables/useRunExperiment.ts)']);
  });

  it('catches a saved list read once outside useLiveQuery, and lets a query or a marked one-time read be', () => {
    const dir = plant({
      'src-renderer/src/components/Once.vue':
        "<script setup lang=\"ts\">\nimport { api } from '../api';\nonMounted(async () => {\n  const r = await api.call('clusters:list', {});\n});\n</script>",
      'src-renderer/src/views/Live.vue':
        "<script setup lang=\"ts\">\nconst q = useLiveQuery(async () => {\n  const [a] = await Promise.all([api.call('batches:list', {})]);\n  return a;\n}, { domains: ['batches'] });\nconst one = api.call('clusters:get', { id });\n</script>",
      'src-renderer/src/views/Draft.vue':
        '<script setup lang="ts">\n// data-pattern: a one-time read of the saved names, for a free name.\nconst names = api.call(\'experiments:list\', {});\n</script>',
      'src-renderer/src/stores/list.ts': "const list = () => api.call('workloads:list', {});",
    });
    expect(checkLayers(dir)).toEqual([
      'src-renderer/src/components/Once.vue: loads clusters:list outside useLiveQuery (script line 4; use useLiveQuery or a store in stores/, or mark a one-time read with // data-pattern: and why)',
    ]);
  });

  it("catches an engine folder importing one above it (the engine's folders point down only)", () => {
    const dir = plant({
      'src-main/engine/core/model.ts': "import { recorder } from '../measure/recorder';\nexport const m = 1;",
      'src-main/engine/measure/recorder.ts': "import { m } from '../core/model';\nexport const recorder = m;",
      'src-main/engine/run/kernel.ts': "import { recorder } from '../measure/recorder';",
    });
    expect(checkLayers(dir)).toEqual([
      "src-main/engine/core/model.ts: imports src-main/engine/measure/recorder.ts (engine/core/ may import nothing else of the engine: the engine's folders point down only)",
      'import circle: src-main/engine/core/model.ts ⇄ src-main/engine/measure/recorder.ts (each reaches the others; move what they share into a file they both import)',
    ]);
  });

  it('catches an import circle, even one closed by a type import', () => {
    const dir = plant({
      'src-main/runner/a.ts': "import type { B } from './b';\nexport interface A { b: B }",
      'src-main/runner/b.ts': "import { c } from './c';\nexport interface B { c: typeof c }",
      'src-main/runner/c.ts': "import type { A } from './a';\nexport const c = 1 as unknown as A;",
      'src-main/runner/d.ts': "import { c } from './c';",
    });
    expect(checkLayers(dir)).toEqual([
      'import circle: src-main/runner/a.ts ⇄ src-main/runner/b.ts ⇄ src-main/runner/c.ts (each reaches the others; move what they share into a file they both import)',
    ]);
  });

  it('catches a test that reaches electron through a chain of imports', () => {
    const dir = plant({
      'src-main/app/shell.ts': "import { app } from 'electron';",
      'src-main/services/uses.ts': "export * from '../app/shell';",
      'tests/unit/x.test.ts': "import '../../src-main/services/uses';",
    });
    expect(checkLayers(dir)).toEqual([
      'src-main/services/uses.ts: imports src-main/app/shell.ts (services/ may import shared, files, formats, engine, models, schedulers, workloads, clusters, reports, runner, store)',
      'tests/unit/x.test.ts: loads electron via tests/unit/x.test.ts → src-main/services/uses.ts → src-main/app/shell.ts',
    ]);
  });

  it('catches an import the table does not allow (the store reaching into the runner)', () => {
    const dir = plant({
      'src-main/runner/runTask.ts': 'export interface RunOutcome { x: number }',
      'src-main/store/batchesRepo.ts': "import type { RunOutcome } from '../runner/runTask';",
    });
    expect(checkLayers(dir)).toEqual(['src-main/store/batchesRepo.ts: imports src-main/runner/runTask.ts (store/ may import shared, files, formats)']);
  });

  it('has a table without cycles, and finds one when a row closes a loop', () => {
    expect(tableCycles(ALLOWED)).toEqual([]);
    expect(tableCycles({ ...ALLOWED, workloads: ['shared', 'engine', 'schedulers'] })).toContain('schedulers → models → workloads → schedulers');
  });
});
