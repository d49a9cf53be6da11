// Locality-greedy: a worked example of a scheduler of your own (docs/plugins.md).
//
//   workload-studio run EXPERIMENT --scheduler docs/examples/schedulers/locality-greedy.scheduler.js
//
// A free map slot goes first to any job with a map whose input is on this node, then to one with
// input in this rack, then to the first job in submission order: data locality before the queue's
// order, with no waiting (delay scheduling waits; this one never does). Its test:
// tests/integration/plugins/examples.test.ts.
export default {
  kind: 'locality-greedy',
  title: 'Locality first, no waiting (example)',
  capacity: 'slots',
  options: (z) => ({ rackBeforeAnywhere: z.boolean().default(true) }),
  labels: { rackBeforeAnywhere: 'Rack-local before anywhere' },
  notes: ["A free map slot goes first to a job with input on the node, then in its rack, then to the first submitted; it never waits for a better place."],
  create(spec, studio) {
    const levels = spec.rackBeforeAnywhere ? ['node', 'rack', 'anywhere'] : ['node', 'anywhere'];
    const words = { node: 'has a map whose input is on this node', rack: 'has a map whose input is in this rack', anywhere: 'is first in submission order' };
    return {
      name: 'locality-greedy',
      onHeartbeat(node, view) {
        let maps = studio.freeMapSlots(view, node);
        for (const within of levels) {
          for (const job of [...view.mapPendingJobs()]) {
            while (maps > 0 && studio.launchMap(view, job, node, words[within], within)) maps--;
            if (maps === 0) break;
          }
          if (maps === 0) break;
        }
        let reduces = studio.freeReduceSlots(view, node);
        for (const job of [...view.reduceReadyJobs()]) {
          while (reduces > 0 && studio.launchReduce(view, job, node, 'its maps are done; first submitted first')) reduces--;
          if (reduces === 0) break;
        }
      },
      // Optional: why a job got nothing on a node, in its own words (the why-not panel, read-only).
      explain(job, node, view) {
        if (view.pendingMaps(job) > 0 && studio.freeMapSlots(view, node) === 0)
          return [`every map slot of this node is taken: jobs with input on it go first, then ${spec.rackBeforeAnywhere ? 'jobs with input in its rack, then ' : ''}the first submitted`];
        if (view.pendingReduces(job) > 0 && view.reducesMayStart(job) && studio.freeReduceSlots(view, node) === 0)
          return ['every reduce slot of this node is taken: reduces go in submission order'];
        return [];
      },
    };
  },
};
