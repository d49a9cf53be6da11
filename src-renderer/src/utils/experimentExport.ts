import { api } from '../api';
import { useNotices } from '../stores/notices';
import { downloadText } from './download';

/** Download a saved design as experiment files (one per cluster × workload) and say what was written. */
export async function downloadExperimentFiles(id: string): Promise<boolean> {
  const notices = useNotices();
  const r = await api.call('experiments:export', { id });
  if (!r.ok) {
    notices.error(r.error.message);
    return false;
  }
  for (const f of r.data.files) downloadText(f.fileName, f.content, 'application/json');
  notices.info(r.data.files.length === 1 ? `Exported ${r.data.files[0].fileName}` : `Exported ${r.data.files.length} files, one per cluster × workload`);
  return true;
}
