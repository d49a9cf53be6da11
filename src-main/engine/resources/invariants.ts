import { W_SIZE } from '../state/attempts';
import type { RateSolver } from './rateSolver';
import type { EngineState } from '../state/state';

/**
 * Physical limits that must hold at every instant: no host gives out more CPU, disk or NIC than
 * it has, no VM more than its vCPUs, no attempt more than one core; memory may exceed a node's
 * only through attempts already doomed to fail for it; each job's attempts by phase add up.
 * Returns the violations found (tests call
 * it after every event; runs never do).
 */
export function checkInvariants(s: EngineState, rates: RateSolver): string[] {
  const problems: string[] = [];
  const topo = s.topology;
  const at = s.at;
  const tol = 1e-6;
  // The rates in force are what each host's sharing gives now, bit for bit: a host left un-rated
  // (or only re-planned) after a change must be one whose rates that change could not move.
  const fresh = new Float64Array(at.rate.length);
  for (let h = 0; h < topo.hostCount; h++) {
    if (rates.hostList[h].length === 0) continue;
    rates.probeRates(h, fresh);
    for (const a of rates.hostList[h]) if (!Object.is(fresh[a], at.rate[a])) problems.push(`attempt ${a} on host ${h} runs at ${at.rate[a]}, its host's sharing gives ${fresh[a]} now`);
  }
  for (let h = 0; h < topo.hostCount; h++) {
    const speed = topo.hostSpeed[h];
    let cpu = 0;
    let disk = 0;
    let netIn = 0;
    let netOut = 0;
    const vm = new Map<number, number>();
    for (const a of rates.hostList[h]) {
      const r = at.rate[a];
      if (r >= 1e9) continue;
      const w = a * W_SIZE;
      const c = (r * at.work[w]) / speed;
      if (c > 1 + tol) problems.push(`attempt ${a} on host ${h} uses ${c.toFixed(3)} cores (one thread)`);
      cpu += c;
      disk += r * at.work[w + 1];
      netIn += r * at.work[w + 2];
      netOut += r * at.work[w + 3];
      vm.set(at.node[a], (vm.get(at.node[a]) ?? 0) + c);
    }
    if (cpu > topo.hostCores[h] * (1 + tol)) problems.push(`host ${h}: ${cpu.toFixed(3)} cores used of ${topo.hostCores[h]}`);
    if (disk > topo.hostDiskMBps[h] * (1 + tol)) problems.push(`host ${h}: disk ${disk.toFixed(1)} MB/s of ${topo.hostDiskMBps[h]}`);
    if (netIn > topo.hostNicMBps[h] * (1 + tol) || netOut > topo.hostNicMBps[h] * (1 + tol)) problems.push(`host ${h}: NIC over capacity`);
    if (topo.hostHasVms[h]) for (const [n, c] of vm) if (c > topo.nodeCores[n] * (1 + tol)) problems.push(`VM ${n}: ${c.toFixed(3)} cores of ${topo.nodeCores[n]} vCPUs`);
  }
  for (let n = 0; n < topo.nodeCount; n++) {
    if (s.nodeMemory[n] <= topo.nodeMemoryMb[n] + tol) continue;
    let doomed = false;
    for (const a of rates.hostList[topo.nodeHost[n]]) if (at.node[a] === n && at.doomed[a]) doomed = true;
    if (!doomed) problems.push(`node ${n}: ${s.nodeMemory[n]} MB reserved of ${topo.nodeMemoryMb[n]} with no attempt failing for it`);
  }
  // The pending-reduce total is the sum over the jobs.
  let pendingReduces = 0;
  for (const j of s.active) pendingReduces += s.jobPendReduces[j];
  if (pendingReduces !== s.pendingReduceTotal) problems.push(`${s.pendingReduceTotal} pending reduces counted, ${pendingReduces} in the jobs`);
  // The reduce-ready jobs are exactly the active jobs the slow-start rule lets start a pending reduce, in their order.
  const ready = s.active.filter((j) => s.jobPendReduces[j] > 0 && s.reducesMayStart(j));
  if (ready.join() !== s.reduceReady.list.join()) problems.push(`reduce-ready jobs listed as [${s.reduceReady.list.join(', ')}], by the rule [${ready.join(', ')}]`);
  // The map-pending jobs are exactly the active jobs with a pending map, in their order.
  const mapPending = s.active.filter((j) => s.jobPendMaps[j] > 0);
  if (mapPending.join() !== s.mapPending.list.join()) problems.push(`map-pending jobs listed as [${s.mapPending.list.join(', ')}], by the rule [${mapPending.join(', ')}]`);
  // The jobs with live attempts are exactly the active jobs that have one, in their order.
  const live = s.active.filter((j) => s.jobAttempts.size(j) > 0);
  if (s.attemptsLive && live.join() !== s.attemptsLive.list.join()) problems.push(`jobs with live attempts listed as [${s.attemptsLive.list.join(', ')}], by their attempts [${live.join(', ')}]`);
  // Per MR-cluster, the same lists restricted to its jobs.
  s.mapPending.byPartition.forEach((list, c) => {
    const own = (xs: number[]) => xs.filter((j) => s.jobMrCluster[j] === c).join();
    if (list.join() !== own(mapPending)) problems.push(`MR-cluster ${c}: map-pending jobs listed as [${list.join(', ')}], by the rule [${own(mapPending)}]`);
    const readyOwn = s.reduceReady.byPartition[c];
    if (readyOwn.join() !== own(ready)) problems.push(`MR-cluster ${c}: reduce-ready jobs listed as [${readyOwn.join(', ')}], by the rule [${own(ready)}]`);
  });
  // The application masters' memory is the sum over the jobs that have one placed.
  let amMb = 0;
  let amVcores = 0;
  for (const j of s.active) {
    if (s.jobAmNode[j] < 0) continue;
    amMb += s.jobAmMemory[j];
    amVcores += s.jobAmVcores[j];
  }
  if (Math.abs(amMb - s.appMastersMemoryMb) > 1e-6 || Math.abs(amVcores - s.appMastersVcores) > 1e-6) problems.push(`${s.appMastersMemoryMb} MB and ${s.appMastersVcores} vcores counted for application masters, ${amMb} MB and ${amVcores} held`);
  // The application masters awaited are the active jobs without one.
  const awaited = s.active.filter((j) => s.jobAmNode[j] < 0).length;
  if (awaited !== s.appMastersAwaited) problems.push(`${s.appMastersAwaited} application masters counted as awaited, ${awaited} active jobs have none`);
  // Each MR-cluster's pending tasks are the sum over its jobs.
  const mrPending = new Int32Array(s.mrPending.length);
  for (const j of s.active) if (s.jobMrCluster[j] >= 0) mrPending[s.jobMrCluster[j]] += s.jobPendMaps[j] + s.jobPendReduces[j];
  mrPending.forEach((n, c) => {
    if (n !== s.mrPending[c]) problems.push(`MR-cluster ${c}: ${s.mrPending[c]} pending tasks counted, ${n} in its jobs`);
  });
  // Each MR-cluster's waiting jobs (any task pending) and their input, kept as tasks come and go.
  const waiting = s.active.filter((j) => s.jobMrCluster[j] >= 0 && s.jobPendMaps[j] + s.jobPendReduces[j] > 0);
  s.mrWaitingJobs.forEach((n, c) => {
    const own = waiting.filter((j) => s.jobMrCluster[j] === c);
    const inputMb = own.reduce((sum, j) => sum + s.jobs[j].inputMb, 0);
    if (n !== own.length) problems.push(`MR-cluster ${c}: ${n} waiting jobs counted, ${own.length} with pending tasks`);
    if (Math.abs(s.mrWaitingInputMb[c] - inputMb) > 1e-6 * Math.max(1, inputMb)) problems.push(`MR-cluster ${c}: ${s.mrWaitingInputMb[c]} MB of waiting input counted, ${inputMb} MB in its waiting jobs`);
  });
  // Each job's attempts by phase and pause add up to its live attempts; the paused ones to the total.
  let paused = 0;
  for (let j = 0; j < s.jobs.length; j++) {
    const counted = new Int32Array(10);
    for (const a of s.jobAttempts.of(j)) counted[at.phase[a] * 2 + at.paused[a]]++;
    for (let k = 1; k < 10; k += 2) paused += counted[k];
    for (let k = 0; k < 10; k++) if (counted[k] !== s.jobPhaseCount[j * 10 + k]) problems.push(`job ${j}: ${s.jobPhaseCount[j * 10 + k]} attempts counted in phase ${k >> 1}${k & 1 ? ' (paused)' : ''}, ${counted[k]} live`);
    // The job's reduce attempts are its live attempts of reduce tasks, in the same order.
    const reduces = s.jobAttempts.toArray(j).filter((a) => s.tasks.isReduce[at.task[a]] === 1).join();
    if (reduces !== s.jobReduceAttempts.toArray(j).join()) problems.push(`job ${j}: reduce attempts listed as [${s.jobReduceAttempts.toArray(j).join(', ')}], live [${reduces}]`);
  }
  if (paused !== s.pausedTotal) problems.push(`${s.pausedTotal} paused attempts counted, ${paused} live`);
  const perNode = new Int32Array(s.nodePaused.length);
  for (let a = 0; a < at.alive.length; a++) if (at.alive[a] && at.paused[a]) perNode[at.node[a]]++;
  perNode.forEach((n, node) => {
    if (n !== s.nodePaused[node]) problems.push(`node ${node}: ${s.nodePaused[node]} paused attempts counted, ${n} live there`);
  });
  return problems;
}
