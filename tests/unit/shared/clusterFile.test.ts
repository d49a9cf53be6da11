import { describe, expect, it } from 'vitest';
import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { parseClusterFile, serializeClusterFile } from '@shared/cluster/clusterFile';
import { parseWorkloadFile } from '@shared/workload/workloadFile';
import { ResultFileSchema } from '@shared/experiment/experiment';
import { smallCluster } from '../../helpers/clusterFixtures';

describe('cluster file', () => {
  const spec = ClusterSpecSchema.parse(smallCluster());

  it('round-trips through our JSON', () => {
    const parsed = parseClusterFile(serializeClusterFile(spec, '2026-11-21T00:00:00.000Z'));
    expect(parsed).toEqual({ ok: true, spec, specPath: 'cluster.' });
  });

  it('accepts a bare cluster spec', () => {
    expect(parseClusterFile(JSON.stringify(spec))).toEqual({ ok: true, spec, specPath: '' });
  });

  it('says where broken JSON breaks, by line and column', () => {
    const text = '{\n  "format": "workload-studio.cluster",\n  "version": 1,,\n}';
    const r = parseClusterFile(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0].message).toMatch(/line 3, column 16/);
  });

  it('names the field of every problem, prefixed by where it sits in the file', () => {
    const bad = JSON.parse(serializeClusterFile(spec, 'x'));
    bad.cluster.hostTypes[0].cores = -1;
    bad.version = 0;
    const r = parseClusterFile(JSON.stringify(bad));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problems.map((p) => p.field)).toEqual(expect.arrayContaining(['version', 'cluster.hostTypes.0.cores']));
      expect(r.problems.find((p) => p.field === 'version')?.message).toMatch(/reads version 1/);
    }
  });

  it('rejects a file of another kind', () => {
    const r = parseClusterFile(JSON.stringify({ format: 'something-else', version: 1, cluster: spec }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]).toEqual({ field: 'format', message: 'must be "workload-studio.cluster"' });
  });

  it("says where another of the studio's files goes, instead of listing its fields", () => {
    const workload = parseClusterFile(JSON.stringify({ format: 'workload-studio.workload', version: 1, workload: { name: 'w', jobs: [] } }));
    expect(!workload.ok && workload.problems).toEqual([
      { field: 'format', message: 'this is a Workload Studio workload file: import it under Workloads (or `workload-studio workloads import FILE`)' },
    ]);
    const result = parseWorkloadFile(JSON.stringify({ format: 'workload-studio.result', version: 1, runs: [] }));
    expect(!result.ok && result.problems[0].message).toBe(
      'this is a Workload Studio result file: open it under Run history (Open result file…), or report on it with `workload-studio report FILE`',
    );
  });

  it("says where Hadoop's scheduler configurations go, instead of a JSON error at its first character", () => {
    const capacity = parseClusterFile(
      '<?xml version="1.0"?>\n<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>a,b</value></property></configuration>',
    );
    expect(!capacity.ok && capacity.problems[0].message).toMatch(
      /^this is a Capacity Scheduler configuration \(capacity-scheduler\.xml\): import it on a YARN Capacity card/,
    );
    const fair = parseWorkloadFile('<?xml version="1.0"?>\n<allocations><queue name="a"/></allocations>');
    expect(!fair.ok && fair.problems[0].message).toMatch(/^this is a Fair Scheduler allocation file \(fair-scheduler\.xml\): import it on a Fair card/);
    // Other XML is not JSON, said as before.
    const other = parseClusterFile('<html></html>');
    expect(!other.ok && other.problems[0].message).toMatch(/not valid JSON/);
  });

  it('says a file from a newer studio is one, and what to do, rather than that it is wrong', () => {
    const newer = parseClusterFile(JSON.stringify({ format: 'workload-studio.cluster', version: 3, cluster: spec }));
    expect(!newer.ok && newer.problems[0]).toEqual({
      field: 'version',
      message: '3: the file was written by a newer Workload Studio; this one reads version 1, so update the studio to open it',
    });
    // Only that: the fields a newer studio writes may all differ, and listing them says nothing useful.
    const changed = parseClusterFile(JSON.stringify({ format: 'workload-studio.cluster', version: 99, cluster: {} }));
    expect(!changed.ok && changed.problems).toEqual([
      { field: 'version', message: '99: the file was written by a newer Workload Studio; this one reads version 1, so update the studio to open it' },
    ]);
    const broken = parseClusterFile(JSON.stringify({ format: 'workload-studio.cluster', version: 0, cluster: spec }));
    expect(!broken.ok && broken.problems[0]).toEqual({ field: 'version', message: 'must be 1 (this studio reads version 1)' });
    // A result file from a newer studio says the same.
    const result = ResultFileSchema.safeParse({ format: 'workload-studio.result', version: 2, experiment: 'e', runs: [] });
    expect(!result.success && result.error.issues.find((i) => i.path[0] === 'version')?.message).toBe(
      '2: the file was written by a newer Workload Studio; this one reads version 1, so update the studio to open it',
    );
  });
});
