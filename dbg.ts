import { loadExperiment } from './src-main/runner/loadExperiment';
import { compileTopology } from './src-main/engine/topology';
import { compileJobs, expandJobs } from './src-main/workloads/compile';
import { Simulation } from './src-main/engine/simulator';
import { createScheduler } from './src-main/schedulers';
const l = loadExperiment('/tmp/exp/small.json');
const topo = compileTopology(l.cluster);
const jobs = compileJobs(expandJobs(l.workload, 1), 128);
let n = 0;
const sim: any = new Simulation({ topology: topo, jobs, options: l.experiment.simulation, seed: 1, scheduler: createScheduler(l.experiment.schedulers[0]), progressEvery: 20000,
  onProgress: (p) => { console.log(p); if (++n > 3) { 
     const h = sim.heap; console.log('heap size', h.size, 'top', h.peekTime(), 'beat', sim.nextBeatTime);
     for (let host=0; host<topo.hostCount; host++) { const list = sim.hostList[host]; for (const a of list) console.log(host, a, 'phase', sim.at.phase[a], 'prog', sim.at.prog[a], 'lim', sim.at.lim[a], 'rate', sim.at.rate[a], Array.from(sim.at.work.slice(a*6, a*6+6))); }
     return true; } } });
const r = sim.run();
console.log(r.events, r.simulatedSeconds);
