/**
 * The exact channel allowlist, with no dependencies, so the sandboxed preload can bundle it without
 * pulling in the schemas. contract.ts checks at compile time that it matches the contract's keys.
 */
export const CHANNEL_NAMES = [
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
  'workloads:list',
  'workloads:get',
  'workloads:create',
  'workloads:update',
  'workloads:rename',
  'workloads:duplicate',
  'workloads:delete',
  'workloads:export',
  'workloads:expand',
  'workloads:templates',
  'profiles:list',
  'profiles:save',
  'profiles:delete',
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
  'experiments:run',
  'batches:list',
  'batches:get',
  'batches:cancel',
  'batches:rename',
  'batches:tag',
  'batches:delete',
  'batches:runData',
  'batches:why',
  'studio:sample',
  'store:status',
  'store:restoreBackup',
  'app:openExternal',
] as const;

export const EVENT_NAMES = ['store:changed', 'import:progress', 'experiments:progress'] as const;

/** The one IPC channel main uses to push events to a window. */
export const EVENT_IPC_CHANNEL = 'studio:event';
