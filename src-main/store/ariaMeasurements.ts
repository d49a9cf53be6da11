import type { AriaMeasurement } from '@shared/aria/measurements';
import { mergeAriaTotals, type AriaTotals } from '@shared/aria/totals';
import type { Store } from './database';
import { selectAll } from './rows';
import { ACROSS_HISTORY_TAG } from '@shared/experiment/batchTags';
import type { ClusterSpec } from '@shared/cluster/cluster';
import { clusterSlots } from '@shared/schedulers/concurrency';

/**
 * What each history entry measured of each template, per cluster it ran on (its finished runs'
 * ARIA totals added up), newest first: the planner's measured profiles and staging runs draw
 * from the entries the user picks. SQLite reads only the runs' totals and the entries' cluster
 * names out of the stored JSON, so a history of large traces is not parsed here. A comparison
 * across history holds copies of other entries' runs: it measured nothing of its own.
 */
export function ariaMeasurements(store: Store, template?: string): AriaMeasurement[] {
  return store.read((db) => {
    const rows = selectAll<{ id: string; name: string; created_at: string; cluster: number; label: string; aria: string }>(
      db,
      `SELECT b.id, b.name, b.created_at, json_extract(r.plan_json, '$.cluster') AS cluster, r.scheduler AS label, json_extract(r.summary_json, '$.aria') AS aria
       FROM runs r JOIN batches b ON b.id = r.batch_id
       WHERE r.status = 'finished' AND aria IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM json_each(b.tags_json) t WHERE t.value = ?)
       ORDER BY b.created_at DESC, b.name, r.run_index`,
      [ACROSS_HISTORY_TAG],
    );
    type Cluster = AriaMeasurement['cluster'];
    const clustersOf = new Map<string, Cluster[]>();
    const clusterOf = (batchId: string, index: number): Cluster => {
      let list = clustersOf.get(batchId);
      if (!list) {
        list = selectAll<{ id: string | null; name: string; spec: string | null }>(
          db,
          "SELECT json_extract(c.value, '$.id') AS id, json_extract(c.value, '$.name') AS name, json_extract(c.value, '$.spec') AS spec FROM batches b, json_each(b.inputs_json, '$.clusters') c WHERE b.id = ? ORDER BY c.key",
          [batchId],
        ).map((c) => ({
          ...(c.id !== null ? { id: c.id } : {}),
          name: c.name,
          // The slots the planner defaults to: the cluster's as the runs had it, not as it may be saved now.
          ...(c.spec !== null ? { slots: clusterSlots(JSON.parse(c.spec) as ClusterSpec) } : {}),
        }));
        clustersOf.set(batchId, list);
      }
      return list[index] ?? { name: `cluster ${index + 1}` };
    };
    const byKey = new Map<string, AriaMeasurement>();
    for (const r of rows) {
      const aria = JSON.parse(r.aria) as Record<string, AriaTotals>;
      for (const [t, totals] of Object.entries(aria)) {
        if (template !== undefined && t !== template) continue;
        const key = `${r.id}/${r.cluster}`;
        const seen = byKey.get(`${t}:${key}`);
        if (seen)
          byKey.set(`${t}:${key}`, {
            ...seen,
            runs: seen.runs + 1,
            schedulers: seen.schedulers.includes(r.label) ? seen.schedulers : [...seen.schedulers, r.label],
            totals: mergeAriaTotals(seen.totals, totals),
          });
        else
          byKey.set(`${t}:${key}`, {
            key,
            batchId: r.id,
            name: r.name,
            createdAt: r.created_at,
            template: t,
            cluster: clusterOf(r.id, r.cluster),
            runs: 1,
            schedulers: [r.label],
            totals,
          });
      }
    }
    return [...byKey.values()];
  });
}
