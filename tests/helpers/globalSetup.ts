import { ensureBuilt } from './built';

/**
 * Integration and e2e tests load built bundles (the run worker threads, the renderer): rebuild
 * them first if a source is newer, so a test never exercises yesterday's code.
 */
export default function setup(): void {
  ensureBuilt();
}
