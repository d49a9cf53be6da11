import { computed, ref, watch, type Ref } from 'vue';
import type { AriaMeasurement } from '@shared/aria/measurements';

type Slots = { mapSlots: number | ''; reduceSlots: number | '' };

/**
 * The planner's slot fields follow the cluster the ticked runs of a measured profile ran on (its
 * slots as FIFO sizes them) until the user types their own; `fromCluster` says when the fields
 * still hold that cluster's slots, and whose they are.
 */
export function useMeasuredSlots(job: Slots, ticked: Ref<readonly AriaMeasurement[] | undefined>) {
  const edited = ref(false);
  const measured = computed(() => {
    const first = ticked.value?.[0];
    return first?.cluster.slots ? { ...first.cluster.slots, cluster: first.cluster.name } : undefined;
  });
  watch(
    measured,
    (s) => {
      if (!s || edited.value) return;
      job.mapSlots = s.maps;
      job.reduceSlots = s.reduces;
    },
    { immediate: true },
  );
  return {
    /** Called when the user types a slot count: the fields are theirs from then on. */
    typed: () => (edited.value = true),
    fromCluster: computed(() =>
      measured.value && job.mapSlots === measured.value.maps && job.reduceSlots === measured.value.reduces ? measured.value : undefined,
    ),
  };
}
