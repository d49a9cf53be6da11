// Shortest job first: a worked example of a scheduler of your own (docs/plugins.md).
//
//   workload-studio run EXPERIMENT --scheduler docs/examples/schedulers/shortest-job-first.scheduler.js
//
// Each free map slot goes to the job with the fewest maps left to place; between equals, the one
// submitted first (or last). Reduces go in submission order. It is the size-based order that
// mean job time rewards: small jobs stop waiting behind large ones. Its test:
// tests/integration/plugins/examples.test.ts.
export default {
  kind: 'shortest-job-first',
  title: 'Shortest job first (example)',
  version: '1.0',
  capacity: 'slots',
  options: (z) => ({ ties: z.enum(['oldest', 'newest']).default('oldest') }),
  labels: { ties: 'Between equals' },
  choiceLabels: { ties: { oldest: 'The one submitted first', newest: 'The one submitted last' } },
  notes: ['A free map slot goes to the job with the fewest maps left to place.', 'Reduces go in submission order.'],
  create(spec, studio) {
    const rule = 'has the fewest maps left to place';
    const submitted = (view, a, b) => (spec.ties === 'oldest' ? view.jobSubmitTime(a) - view.jobSubmitTime(b) : view.jobSubmitTime(b) - view.jobSubmitTime(a));
    // A sorted copy: launching a job's last pending map takes it out of the live list.
    const order = (view) => [...view.mapPendingJobs()].sort((a, b) => view.pendingMaps(a) - view.pendingMaps(b) || submitted(view, a, b));
    // Maps placed while an older job still had one to place: what the size order changed.
    let overtaking = 0;
    return {
      name: 'shortest-job-first',
      onHeartbeat(node, view) {
        let maps = studio.freeMapSlots(view, node);
        for (const job of order(view)) {
          while (maps > 0) {
            const oldest = view.mapPendingJobs()[0];
            if (!studio.launchMap(view, job, node, rule)) break;
            if (job !== oldest) overtaking++;
            maps--;
          }
          if (maps === 0) break;
        }
        let reduces = studio.freeReduceSlots(view, node);
        for (const job of [...view.reduceReadyJobs()]) {
          while (reduces > 0 && studio.launchReduce(view, job, node, 'its maps are done; first submitted first')) reduces--;
          if (reduces === 0) break;
        }
      },
      // Optional: what it weighs at a heartbeat, for the why-not panel's table (read-only).
      scores(node, view) {
        return {
          criteria: ['maps left to place', 'submitted at (s)'],
          rows: order(view).map((j) => ({ candidate: 'its next map', job: view.job(j).id, values: [view.pendingMaps(j), view.jobSubmitTime(j)] })),
        };
      },
      // Optional: what it counted over the run, by its own names (the comparison and the report show them).
      report() {
        return { 'maps placed ahead of an older job': overtaking };
      },
      // Optional: why a job got nothing on a node, in its own words (the why-not panel, read-only).
      explain(job, node, view) {
        if (view.pendingMaps(job) === 0) return [];
        const ahead = order(view).indexOf(job);
        if (ahead <= 0) return [];
        const jobs = ahead === 1 ? 'one job' : `${ahead} jobs`;
        return [`${jobs} with fewer maps left to place (or as many, and ${spec.ties === 'oldest' ? 'older' : 'newer'}) came before it`];
      },
    };
  },
};
