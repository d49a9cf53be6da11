import { describe, expect, it } from 'vitest';
import { JobMapIndex } from '../../../src-main/engine/jobs/localityIndex';
import { TaskState } from '../../../src-main/engine/core/model';
import type { TaskTable } from '../../../src-main/engine/state/tasks';
import { Locality } from '../../../src-main/engine/core/topology';
import { cluster } from '../../helpers/engineFixtures';

// One rack of two servers with two VMs each: nodes 0 and 1 on server 0, nodes 2 and 3 on server 1.
const topo = cluster(1, 2, { vms: 2, replication: 1 });

/** A job's maps with one replica each, on the given nodes (-1: no input). */
function index(replicaNodes: number[]) {
  const tasks = {
    replication: 1,
    replicas: Int32Array.from(replicaNodes),
    state: new Uint8Array(replicaNodes.length).fill(TaskState.Pending),
  } as unknown as TaskTable;
  return { tasks, idx: new JobMapIndex(tasks, topo, 0, replicaNodes.length) };
}

describe('the map index', () => {
  it('takes a co-hosted VM’s replica before the rack’s first map when it knows server locality', () => {
    // Map 0 is on the other server, map 1 on node 0's neighbour VM.
    const { idx } = index([3, 1]);
    const found = { level: Locality.Node as Locality };
    expect(idx.find(0, Locality.OffRack, found, true)).toBe(1);
    expect(found.level).toBe(Locality.Server);
  });

  it('takes the rack’s first map, as stock Hadoop does, when it does not', () => {
    const { idx } = index([3, 1]);
    const found = { level: Locality.Node as Locality };
    expect(idx.find(0, Locality.OffRack, found, false)).toBe(0);
    expect(found.level).toBe(Locality.Rack);
  });

  it('reports the true level of a map that is server-local by chance', () => {
    const { idx } = index([1, 3]);
    const found = { level: Locality.Node as Locality };
    expect(idx.find(0, Locality.Rack, found, false)).toBe(0);
    expect(found.level).toBe(Locality.Server);
  });

  it('admits only node-local maps at the server level when it does not know servers', () => {
    const { idx } = index([1, 3]);
    const found = { level: Locality.Node as Locality };
    expect(idx.find(0, Locality.Server, found, false)).toBe(-1);
    expect(idx.find(0, Locality.Server, found, true)).toBe(0);
    expect(idx.find(1, Locality.Server, found, false)).toBe(0);
    expect(found.level).toBe(Locality.Node);
  });

  it('prefers a node-local map either way and skips maps already taken', () => {
    const { tasks, idx } = index([3, 0, 0]);
    const found = { level: Locality.Node as Locality };
    expect(idx.find(0, Locality.OffRack, found, false)).toBe(1);
    tasks.state[1] = TaskState.Running;
    expect(idx.find(0, Locality.Node, found, true)).toBe(2);
    tasks.state[2] = TaskState.Running;
    expect(idx.find(0, Locality.Node, found, true)).toBe(-1);
  });

  it('finds a map pending again after every map its node already had, in the order they came back', () => {
    const { tasks, idx } = index([0, 0, 0, 2]);
    const found = { level: Locality.Node as Locality };
    for (const t of [0, 1, 2]) tasks.state[t] = TaskState.Running;
    expect(idx.find(0, Locality.Node, found, true)).toBe(-1);
    // Map 2 fails, then map 0: each is pending again and appended to node 0's group.
    for (const t of [2, 0]) {
      tasks.state[t] = TaskState.Pending;
      idx.add(t);
    }
    expect(idx.find(0, Locality.Node, found, true)).toBe(2);
    tasks.state[2] = TaskState.Running;
    expect(idx.find(0, Locality.Node, found, true)).toBe(0);
    expect(found.level).toBe(Locality.Node);
    // Node 1's neighbour VM holds map 0's input: server-local.
    expect(idx.find(1, Locality.Rack, found, true)).toBe(0);
    expect(found.level).toBe(Locality.Server);
    // The rack's group keeps job order too: map 3 (node 2's) before the maps that came back.
    tasks.state[0] = TaskState.Running;
    expect(idx.find(1, Locality.Rack, found, false)).toBe(3);
  });
});
