/**
 * FAWKES' shares (Ghit et al. sec. 4.1-4.2): how many nodes each active MR-cluster is entitled to
 * under its weight and its minimum share, and how unfair the current allocation is.
 */

export interface ShareRequest {
  weight: number;
  minShare: number;
}

/**
 * Nodes per MR-cluster: proportional to the weights (sec. 4.2.2) but never below a minimum share
 * (sec. 4.2.1). Clusters whose proportional share falls under their minimum are held at it and the
 * rest is shared again among the others; whole nodes by largest remainder (ties: the first).
 * Without any weight every cluster keeps its minimum.
 */
export function targetShares(nodes: number, requests: readonly ShareRequest[]): number[] {
  const target = requests.map((r) => r.minShare);
  const open = new Set(requests.map((_, i) => i).filter((i) => requests[i].weight > 0));
  let rest = nodes - requests.reduce((s, r, i) => s + (open.has(i) ? 0 : r.minShare), 0);
  const exact = new Array<number>(requests.length).fill(0);
  for (;;) {
    const weight = [...open].reduce((s, i) => s + requests[i].weight, 0);
    if (weight <= 0) return target;
    const below = [...open].filter((i) => (requests[i].weight / weight) * rest < requests[i].minShare);
    if (below.length === 0) {
      for (const i of open) exact[i] = (requests[i].weight / weight) * Math.max(0, rest);
      break;
    }
    for (const i of below) {
      open.delete(i);
      rest -= requests[i].minShare;
    }
  }
  let given = 0;
  for (const i of open) {
    target[i] = Math.floor(exact[i]);
    given += target[i];
  }
  const order = [...open].sort((x, y) => exact[y] - Math.floor(exact[y]) - (exact[x] - Math.floor(exact[x])) || x - y);
  for (let k = 0; k < order.length && given < Math.max(0, rest); k++, given++) target[order[k]]++;
  return target;
}

/**
 * Eq. 2 over [t − T, t]: the node-fraction-seconds an MR-cluster held beyond (or short of) what its
 * weight entitles it to. `heldFractionSeconds` is the integral of c_i(t), its share of the nodes.
 */
export function discrimination(heldFractionSeconds: number, weight: number, intervalS: number): number {
  return heldFractionSeconds - weight * intervalS;
}

/**
 * Eq. 3: the global discrimination factor E[D²]. The paper equates it with Var(D) because the D_i
 * sum to 0 when every node is held; E[D²] is the form that stays right when some nodes are idle (a
 * lone MR-cluster holding a fraction of an otherwise idle pool is unfair to nobody but itself, and
 * still has to grow). 0 with no MR-cluster.
 */
export function globalDiscrimination(ds: readonly number[]): number {
  if (ds.length === 0) return 0;
  return ds.reduce((s, d) => s + d * d, 0) / ds.length;
}

/**
 * The MR-cluster a re-balance is counted for: the one it grew most (or, when none grew, shrank
 * most); -1 when no share changed. Sec. 7.3 counts reconfigurations of the system ("16 and 5"),
 * not of each MR-cluster, and a move takes nodes from one to give them to another: counting every
 * MR-cluster whose share changed counts each move twice.
 */
export function reconfiguredFor(before: readonly number[], after: readonly number[]): number {
  let grew = -1;
  let shrank = -1;
  for (let i = 0; i < after.length; i++) {
    const delta = after[i] - before[i];
    if (delta > 0 && (grew < 0 || delta > after[grew] - before[grew])) grew = i;
    if (delta < 0 && (shrank < 0 || delta < after[shrank] - before[shrank])) shrank = i;
  }
  return grew >= 0 ? grew : shrank;
}
