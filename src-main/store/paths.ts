import * as os from 'node:os';
import * as path from 'node:path';

export const PRODUCT_NAME = 'Workload Studio';
export const DATABASE_FILE = 'studio.sqlite';

/**
 * Where the desktop app keeps its data, computed the way Electron's `app.getPath('userData')` does
 * (appData/<productName>), so the CLI and serve mode find the app's database without Electron.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const home = os.homedir();
  let appData: string;
  if (platform === 'win32') appData = env.APPDATA ?? path.join(home, 'AppData', 'Roaming');
  else if (platform === 'darwin') appData = path.join(home, 'Library', 'Application Support');
  else appData = env.XDG_CONFIG_HOME ?? path.join(home, '.config');
  return path.join(appData, PRODUCT_NAME);
}
