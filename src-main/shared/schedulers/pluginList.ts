import type { AddedCard } from './addedCard';

/** A scheduler file the user added to this studio (docs/plugins.md), as the settings list it. */
export interface PluginEntry {
  fileName: string;
  sha256: string;
  /** Loaded: its kind and title. Not loaded: why, in words. */
  kind?: string;
  title?: string;
  problem?: string;
  /** Removed this session: it stays offered until the studio starts again. */
  removed?: boolean;
  /** Another file of its kind added after it (a new version): that one runs, and this one is no longer kept. */
  replacedBy?: { fileName: string; sha256: string };
}

/** What adding a scheduler file gives: the entry, and the card the designer offers it with. */
export interface PluginAdded {
  entry: PluginEntry;
  card: AddedCard;
}
