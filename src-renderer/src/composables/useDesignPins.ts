import { ref, type Ref } from 'vue';
import type { DesignRecord, ExperimentDesignInput } from '@shared/experiment/design';
import { api } from '../api';
import { useNotices } from '../stores/notices';
import { downloadExperimentFiles } from '../utils/experimentExport';
import type { useHistory } from './useHistory';

type Change = (label: string, apply: (d: ExperimentDesignInput) => void) => void;

/**
 * What the designer does with the saved copy of its design: save first where an action needs the
 * stored design (nothing unsaved is lost), pin the profile store's profiles now ("Refresh
 * profiles"), and export the design as files, which pins profiles as a first run would. A pin the
 * services made is taken into the editor as an undoable step, so the next save does not collide.
 */
export function useDesignPins(
  history: ReturnType<typeof useHistory<ExperimentDesignInput>>,
  record: Ref<DesignRecord | undefined>,
  save: () => Promise<unknown>,
  change: Change,
) {
  const notices = useNotices();
  const refreshing = ref(false);

  /** The saved design, saving it first; none while it cannot be saved. */
  async function savedFirst() {
    if (history.dirty.value || !record.value) await save();
    return history.dirty.value ? undefined : record.value;
  }
  function adoptSaved(label: string, saved: DesignRecord) {
    record.value = saved;
    change(label, (d) => (d.profiles = saved.spec.profiles));
    history.markSaved(history.present.value);
  }

  /** Pin what the profile store knows now; undo takes the old pin back. */
  async function refreshProfiles() {
    const saved = await savedFirst();
    if (!saved) return;
    refreshing.value = true;
    const r = await api.call('experiments:refreshProfiles', { id: saved.id, expectedUpdatedAt: saved.updatedAt });
    refreshing.value = false;
    if (!r.ok) return notices.error(r.error.message);
    adoptSaved('Refresh profiles', r.data);
    notices.info(`Profiles pinned from the store (${Object.keys(r.data.spec.profiles?.sources ?? {}).length} templates)`);
  }

  /** The saved design as experiment files; the pin the export made is taken in. */
  async function exportFiles() {
    const saved = await savedFirst();
    if (!saved || !(await downloadExperimentFiles(saved.id))) return;
    const now = await api.call('experiments:get', { id: saved.id });
    if (now.ok && now.data.updatedAt !== saved.updatedAt) adoptSaved('Pin profiles for the export', now.data);
  }

  return { savedFirst, refreshing, refreshProfiles, exportFiles };
}
