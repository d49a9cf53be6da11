import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, EVENT_IPC_CHANNEL, EVENT_NAMES } from '@shared/api/channels';
import { contract } from '@shared/api/contract';

const src = (p: string) => fs.readFileSync(path.resolve(__dirname, '../../src-main', p), 'utf8');

describe('IPC allowlist', () => {
  it('is exactly these channels', () => {
    expect([...CHANNEL_NAMES]).toEqual([
      'clusters:list',
      'clusters:get',
      'clusters:create',
      'clusters:generate',
      'clusters:rename',
      'clusters:duplicate',
      'clusters:delete',
      'clusters:export',
      'clusters:import',
      'clusters:update',
      'clusters:restore',
      'workloads:list',
      'workloads:get',
      'workloads:create',
      'workloads:update',
      'workloads:rename',
      'workloads:duplicate',
      'workloads:delete',
      'workloads:restore',
      'workloads:export',
      'workloads:expand',
      'workloads:templates',
      'schedulers:builtIn',
      'schedulers:added',
      'schedulers:notes',
      'schedulers:importYarnConfig',
      'schedulers:exportYarnConfig',
      'schedulers:plugins',
      'schedulers:addPlugin',
      'schedulers:removePlugin',
      'profiles:list',
      'profiles:save',
      'profiles:delete',
      'planner:saveProfile',
      'planner:deleteProfile',
      'planner:scalingRuns',
      'planner:measurements',
      'planner:check',
      'imports:pickFile',
      'workloads:importPreview',
      'workloads:importCancel',
      'workloads:importConfirm',
      'experiments:list',
      'experiments:get',
      'experiments:create',
      'experiments:update',
      'experiments:duplicate',
      'experiments:delete',
      'experiments:refreshProfiles',
      'experiments:export',
      'experiments:importPreview',
      'experiments:importConfirm',
      'experiments:run',
      'batches:list',
      'runs:list',
      'batches:get',
      'batches:keptCopies',
      'batches:lastCopies',
      'batches:cancel',
      'batches:resume',
      'batches:rename',
      'batches:tag',
      'batches:delete',
      'batches:runData',
      'batches:why',
      'batches:whyNot',
      'batches:whyNotCancel',
      'batches:exportResult',
      'batches:report',
      'batches:openResult',
      'batches:openExperiment',
      'batches:compare',
      'experiments:check',
      'reproduce:list',
      'reproduce:run',
      'reproduce:open',
      'studio:sample',
      'store:status',
      'store:restoreBackup',
      'app:openExternal',
      'settings:get',
      'settings:update',
      'settings:queuePassword',
      'settings:checkQueue',
    ]);
    expect([...EVENT_NAMES]).toEqual(['store:changed', 'import:progress', 'experiments:progress', 'experiments:notice', 'files:progress']);
    expect(Object.keys(contract).sort()).toEqual([...CHANNEL_NAMES].sort());
  });

  it('every channel is domain:verb and none is a generic pass-through', () => {
    for (const name of CHANNEL_NAMES) {
      expect(name).toMatch(/^[a-z]+:[a-z][A-Za-z]+$/);
      expect(name).not.toMatch(/:(invoke|send|call|exec|read|write|eval|request)$/);
    }
  });

  it('the preload exposes one function per allowlisted channel and nothing else', () => {
    const preload = src('preload.ts');
    expect(preload.match(/ipcRenderer\.(invoke|send|sendSync|on|once|removeListener)\(/g)).toEqual([
      'ipcRenderer.invoke(',
      'ipcRenderer.on(',
      'ipcRenderer.removeListener(',
    ]);
    expect(preload).toMatch(/for \(const channel of CHANNEL_NAMES\)/);
    expect(preload).toMatch(/ipcRenderer\.on\(EVENT_IPC_CHANNEL,/);
    expect(preload).toMatch(/exposeInMainWorld\('studio', Object\.freeze\(/);
    // ipcRenderer itself never crosses the bridge: it appears only in its import and the three calls.
    expect(preload.match(/\bipcRenderer\b/g)).toHaveLength(4);
    expect(EVENT_IPC_CHANNEL).toBe('studio:event');
  });

  it('main registers handlers only for the allowlist, each behind the sender check', () => {
    const ipc = src('app/ipc.ts');
    expect(ipc.match(/ipcMain\.(handle|on|once|handleOnce)\(/g)).toEqual(['ipcMain.handle(']);
    expect(ipc).toMatch(
      /for \(const channel of CHANNEL_NAMES\) \{\s+ipcMain\.handle\(channel, \(event, request: unknown\) => \{\s+if \(!isTrustedRendererUrl\(event\.senderFrame\?\.url, appUrl\)\)/,
    );
    const index = src('index.ts');
    expect(index).not.toMatch(/ipcMain/);
  });
});
