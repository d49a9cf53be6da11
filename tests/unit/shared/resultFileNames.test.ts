import { describe, expect, it } from 'vitest';
import { RecordedExperimentSchema, type ResultFile } from '@shared/experiment/experiment';
import { readResultText } from '@shared/results/resultFile';
import { smallCluster } from '../../helpers/clusterFixtures';
import { handResult, handSummary } from '../../helpers/resultFixtures';

/** A result file of four cards, one with a label, its runs named as `names` says. */
function resultNamed(names: string[], sweep?: unknown): ResultFile {
  return {
    ...handResult(names.map((scheduler) => ({ scheduler, kind: 'fifo', seed: 1, summary: handSummary(), profiles: {}, jobs: [] }))),
    inputs: RecordedExperimentSchema.parse({
      name: 'named',
      cluster: smallCluster(),
      workload: { name: 'w', jobs: [{ id: 'j0', template: 'Sort', submit: 0, maps: 2, reduces: 1 }] },
      schedulers: [{ kind: 'fifo' }, { kind: 'fair' }, { kind: 'minedf', bound: 'up', spare: 'lend' }, { kind: 'drf', label: 'drf' }],
      seeds: [1],
      ...(sweep ? { sweep } : {}),
    }),
  };
}

const read = (file: ResultFile) => {
  const r = readResultText(JSON.stringify(file), 'old.result.json');
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.result.runs.map((x) => x.scheduler);
};

describe('a result file read under the names this build gives its runs', () => {
  it('renames the runs an earlier build named by their kind in lower case; a label the user wrote stays', () => {
    expect(read(resultNamed(['fifo', 'fair (delay)', 'minedf (up bound), lending', 'drf']))).toEqual([
      'FIFO',
      'Fair (delay)',
      'MinEDF (upper bound), lending',
      'drf',
    ]);
    // Today's names read as they are.
    expect(read(resultNamed(['FIFO', 'Fair (delay)', 'MinEDF (upper bound), lending', 'drf']))).toEqual([
      'FIFO',
      'Fair (delay)',
      'MinEDF (upper bound), lending',
      'drf',
    ]);
  });

  it('renames swept runs named either way, and leaves a name no configuration gives, and a file without its experiment, as written', () => {
    const sweep = { target: 'simulation', parameter: 'heartbeatS', values: [3] };
    expect(read(resultNamed(['fifo · heartbeatS=3', 'fair (delay) · Heartbeat s = 3', 'not a run'], sweep))).toEqual([
      'FIFO · Heartbeat s = 3',
      'Fair (delay) · Heartbeat s = 3',
      'not a run',
    ]);
    const bare = handResult([{ scheduler: 'fifo', kind: 'fifo', seed: 1, summary: handSummary(), profiles: {}, jobs: [] }]);
    expect(read(bare)).toEqual(['fifo']);
  });
});
