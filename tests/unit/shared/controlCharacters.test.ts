import { describe, expect, it } from 'vitest';
import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import { SettingsSchema } from '@shared/api/settings';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { csvCell } from '@shared/files/csv';
import { withoutControlCharacters } from '@shared/files/controlCharacters';
import { escapeHtml } from '../../../src-main/reports/htmlText';
import { smallCluster } from '../../helpers/clusterFixtures';

const NUL = '\u0000';
const RLO = '\u202e';

describe('control characters in names', () => {
  it('are refused where a name enters, with the field and the reason', () => {
    const cluster = ClusterSpecSchema.safeParse(smallCluster({ name: `exe${RLO}txt.` }));
    expect(cluster.success).toBe(false);
    expect(cluster.error!.issues[0]).toMatchObject({
      path: ['name'],
      message: 'must not hold control characters (such as NUL, a tab or line break, or a right-to-left override)',
    });
    const workload = WorkloadSpecSchema.safeParse({ name: `a${NUL}b`, jobs: [{ template: 'Sort', submit: 0, inputMb: 10 }] });
    expect(workload.error!.issues[0].path).toEqual(['name']);
    const label = SchedulerSpecSchema.safeParse({ kind: 'fifo', label: `fast\nslow` });
    expect(label.error!.issues[0].path).toEqual(['label']);
    // Printable text in any script passes.
    expect(ClusterSpecSchema.safeParse(smallCluster({ name: 'شبكة — 集群 ✓' })).success).toBe(true);
  });

  it('are left out of the ids and queues a trace brings, and a reference to a job still names it', () => {
    const w = WorkloadSpecSchema.parse({
      name: 'trace',
      jobs: [
        { id: `job${NUL}1${RLO}`, template: 'Sort', submit: 0, queue: `etl${NUL}`, mrCluster: `c-1${RLO}` },
        { id: 'job2', template: 'Sort', submit: 1, dependsOn: [`job${NUL}1${RLO}`] },
      ],
    });
    expect(w.jobs.map((j) => [j.id, j.queue, j.mrCluster, j.dependsOn])).toEqual([
      ['job1', 'etl', 'c-1', []],
      ['job2', 'default', undefined, ['job1']],
    ]);
  });

  it('never reach a CSV cell or a report: NUL and bidirectional overrides are left out, line breaks in free text kept', () => {
    expect(csvCell(`job${NUL}1${RLO}`)).toBe('job1');
    expect(csvCell(`=cmd${NUL}`)).toBe("'=cmd");
    expect(withoutControlCharacters('two\nlines\ttab')).toBe('two\nlines\ttab');
    expect(escapeHtml(`<b>${RLO}x${NUL}</b>`)).toBe('&lt;b&gt;x&lt;/b&gt;');
  });
});

describe('a queue address in the settings', () => {
  it('holding a password is refused whatever the password holds ("/" included): settings are a plain file', () => {
    for (const queue of ['redis://:pw@host:6379', 'redis://:secret/pass@host:6379', 'redis://u:p@ss@host']) {
      const r = SettingsSchema.safeParse({ runThreads: null, queue });
      expect(r.success, queue).toBe(false);
      expect(r.error!.issues[0].message).toMatch(/must not hold a password/);
    }
    expect(SettingsSchema.safeParse({ runThreads: null, queue: 'redis://worker@host:6379' }).success).toBe(true);
  });
});
