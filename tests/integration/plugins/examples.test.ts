import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { defaultUniformCluster, generateUniformCluster, UniformClusterSchema } from '@shared/cluster/clusterGenerator';
import { SimulationOptionsSchema } from '@shared/experiment/simulation';
import { whyNotWords, type WhyNotAnswer } from '@shared/results/whyNot';
import { findDescription, SchedulerSpecSchema } from '@shared/schedulers';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import { loadSchedulerFile } from '../../../src-main/runner/pluginFile';
import { whyNot } from '../../../src-main/runner/whyNotReplay';
import { addedCatalogue, createScheduler } from '../../../src-main/schedulers/registry';
import { cluster, cpuOnly, job, run } from '../../helpers/engineFixtures';

const EXAMPLES = path.resolve(__dirname, '../../../docs/examples/schedulers');
const scheduler = (spec: Record<string, unknown>) => createScheduler(SchedulerSpecSchema.parse(spec));

/** The two worked examples of docs/plugins.md, loaded from their files as a user's are, each doing what it says. */
describe("docs/examples/schedulers: the plug-ins' worked examples", () => {
  beforeAll(async () => {
    await loadSchedulerFile(path.join(EXAMPLES, 'shortest-job-first.scheduler.js'));
    await loadSchedulerFile(path.join(EXAMPLES, 'locality-greedy.scheduler.js'));
  });

  it('shortest job first lets a small job overtake a large one that came first, where FIFO makes it wait', () => {
    const topo = cluster(1, 1, { cores: 2 });
    const jobs = [job('large', cpuOnly(10), { maps: 20 }), job('small', cpuOnly(10), { maps: 2, submit: 1 })];
    const options = { heartbeatS: 1 };
    const sjf = run(topo, jobs, scheduler({ kind: 'shortest-job-first', mapSlots: 2, reduceSlots: 1 }), options);
    const fifo = run(topo, jobs, scheduler({ kind: 'fifo', mapSlots: 2, reduceSlots: 1 }), options);
    const finish = (r: typeof sjf, id: string) => r.jobs.find((j) => j.id === id)!.finish;
    expect(finish(sjf, 'small')).toBeLessThan(30);
    expect(finish(fifo, 'small')).toBeGreaterThan(100);
    expect(sjf.jobs.every((j) => j.status === 'succeeded')).toBe(true);
    expect(sjf.reasons.some((w) => /Shortest job first \(example\).*has the fewest maps left to place/.test(w))).toBe(true);
    // Its report: the small job's two maps went ahead of the large one's.
    expect(sjf.ownFigures).toEqual([{ name: 'maps placed ahead of an older job', value: 2 }]);
    expect(fifo.ownFigures).toBeUndefined();
  });

  it('locality-greedy places more maps on the node holding their input than FIFO without a wait', () => {
    // One replica per block on eight servers in two racks: which job a free slot takes decides where it reads.
    const topo = cluster(2, 4, { cores: 2, replication: 1 });
    const jobs = Array.from({ length: 6 }, (_, i) => job(`j${i}`, 'Grep', { maps: 16, inputMb: 16 * 128, submit: i }));
    const greedy = run(topo, jobs, scheduler({ kind: 'locality-greedy', mapSlots: 2, reduceSlots: 1 }), { heartbeatS: 1 });
    const fifo = run(topo, jobs, scheduler({ kind: 'fifo', mapSlots: 2, reduceSlots: 1 }), { heartbeatS: 1 });
    expect(greedy.jobs.every((j) => j.status === 'succeeded')).toBe(true);
    expect(greedy.locality.node).toBeGreaterThan(fifo.locality.node);
    expect(greedy.reasons.some((w) => /Locality first, no waiting \(example\).*input is on this node/.test(w))).toBe(true);
    // Without the rack step it still runs every job.
    const twoSteps = run(topo, jobs, scheduler({ kind: 'locality-greedy', mapSlots: 2, reduceSlots: 1, rackBeforeAnywhere: false }), { heartbeatS: 1 });
    expect(twoSteps.jobs.every((j) => j.status === 'succeeded')).toBe(true);
  });

  it("shortest job first's card carries its notes, and the why-not panel its own words", () => {
    const card = addedCatalogue().find((c) => c.kind === 'shortest-job-first')!;
    expect(card.notes).toEqual(['A free map slot goes to the job with the fewest maps left to place.', 'Reduces go in submission order.']);
    expect(findDescription('shortest-job-first')?.notes?.(SchedulerSpecSchema.parse({ kind: 'shortest-job-first' }))).toEqual(card.notes);

    // Three jobs hold a two-server cluster's map slots; at 30 s the largest has two smaller ones before it.
    const answer = whyNotOf('shortest-job-first', 'large', 30);
    const words = wordsOf(answer);
    expect(words).toContain('Shortest job first (example): 2 jobs with fewer maps left to place (or as many, and older) came before it');
    // Before its own words, what the studio itself sees, as it says it of a built-in: the node's slots full, and by whom.
    expect(words).toContainEqual(expect.stringMatching(/^no free map slot: 2 of 2 in use \(held by (medium|small)/));
  });

  it('says what the studio sees of the node for a file with no explain of its own: its slots full, not "placed nothing"', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plugin-room-'));
    try {
      const file = path.join(dir, 'in-turn.scheduler.js');
      fs.writeFileSync(
        file,
        `export default { kind: 'in-turn', title: 'In turn', capacity: 'slots', labels: {}, create(spec, studio) { return { name: 'in-turn', onHeartbeat(node, view) {
          for (const j of [...view.mapPendingJobs()]) while (studio.freeMapSlots(view, node) > 0 && studio.launchMap(view, j, node, 'its turn')) {}
          for (const j of [...view.reduceReadyJobs()]) while (studio.freeReduceSlots(view, node) > 0 && studio.launchReduce(view, j, node, 'its turn')) {}
        } }; } };\n`,
      );
      await loadSchedulerFile(file);
      const words = wordsOf(whyNotOf('in-turn', 'small', 30));
      expect(words.length).toBeGreaterThan(0);
      // Each beat: the node's map slots full (held by the large job), or what was free going to it first.
      expect(words.filter((w) => /^no free map slot: 2 of 2 in use \(held by large ×2\)$/.test(w)).length).toBeGreaterThan(0);
      expect(words.every((w) => w.startsWith('no free map slot') || w.startsWith('what was free went to large'))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("locality-greedy's card carries its note, and the why-not panel says the node's slots were taken", () => {
    expect(addedCatalogue().find((c) => c.kind === 'locality-greedy')!.notes).toHaveLength(1);
    expect(wordsOf(whyNotOf('locality-greedy', 'large', 30))).toContain(
      'Locality first, no waiting (example): every map slot of this node is taken: jobs with input on it go first, then jobs with input in its rack, then the first submitted',
    );
  });
});

/** Three jobs on two servers, largest first: "why not" for `jobId` at `at` under the example `kind`. */
function whyNotOf(kind: string, jobId: string, at: number): WhyNotAnswer {
  const lab = ClusterSpecSchema.parse(generateUniformCluster(UniformClusterSchema.parse({ ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 2 })));
  return whyNot(
    {
      plan: { index: 0, cluster: 0, workload: 0, scheduler: 0, seed: 1, label: 'under test' },
      cluster: lab,
      workload: WorkloadSpecSchema.parse({
        name: 'w',
        jobs: [
          { id: 'large', template: 'WordCount', submit: 0, maps: 200, reduces: 1 },
          { id: 'medium', template: 'WordCount', submit: 1, maps: 60, reduces: 1 },
          { id: 'small', template: 'WordCount', submit: 2, maps: 40, reduces: 1 },
        ],
      }),
      scheduler: SchedulerSpecSchema.parse({ kind, mapSlots: 2, reduceSlots: 1 }),
      simulation: SimulationOptionsSchema.parse({}),
      seed: 1,
    },
    kind,
    jobId,
    at,
  );
}

const wordsOf = (a: WhyNotAnswer) => a.nodes.flatMap((n) => n.beats.flatMap((b) => b.reasons.map(whyNotWords)));
