import type { PluginFolder } from './pluginFolder';
import type { Channel, ParsedRequestOf, ResponseOf } from '@shared/api/contract';
import type { Store } from '../store/database';
import type { PdfPrinter } from '../reports/reportFiles';
import type { SettingsFile } from './settingsFile';
import type { ExperimentRunner } from './experimentRunner';
import type { ImportSessions } from './importSessions';
import type { EventBus } from './eventBus';

/** What the handlers are given: the store, the event bus, and what only a desktop has. */
export interface ServiceDeps {
  store: Store;
  events: EventBus;
  /** Opens a vetted URL in the user's browser; absent where there is no desktop (serve mode, CLI). */
  openExternal?: (url: string) => Promise<void>;
  imports: ImportSessions;
  runner: ExperimentRunner;
  /** Main's open-file dialog; absent where there is no desktop (the browser uploads instead). */
  pickFile?: () => Promise<string | undefined>;
  /** Prints a report's HTML to PDF: a hidden window in the app, Chromium in serve; absent, PDF reports are refused with a reason. */
  printPdf?: PdfPrinter;
  /** This machine's settings file in the data folder. */
  settings: SettingsFile;
  /** The scheduler files the user added (data folder `plugins/`); absent: adding them is refused. */
  plugins?: PluginFolder;
}

export type Handlers = {
  [C in Channel]: (request: ParsedRequestOf<C>) => Promise<ResponseOf<C>> | ResponseOf<C>;
};
