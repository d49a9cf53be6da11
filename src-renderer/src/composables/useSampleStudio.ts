import { ref } from 'vue';
import { api } from '../api';
import { navigate } from '../router';
import { useNotices } from '../stores/notices';

/** The guided first run: save a sample cluster, workload and experiment, and open the experiment. */
export function useSampleStudio() {
  const notices = useNotices();
  const sampling = ref(false);
  async function sample() {
    sampling.value = true;
    const r = await api.call('studio:sample', {});
    sampling.value = false;
    if (!r.ok) return notices.error(r.error.message);
    notices.info('Saved a sample cluster, workload and experiment: press Run to compare the schedulers.');
    await navigate({ area: 'experiments', id: r.data.experimentId });
  }
  return { sampling, sample };
}
