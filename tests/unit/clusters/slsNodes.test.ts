import { describe, expect, it } from 'vitest';
import { parseAnyClusterFile } from '../../../src-main/clusters/importCluster';
import { fieldLabel } from '@shared/api/fieldLabels';

const problems = (text: string) => {
  const r = parseAnyClusterFile(text, 'imported');
  return r.ok ? [] : r.problems.map((p) => (p.field ? `${fieldLabel(p.field)}: ${p.message}` : p.message));
};

describe('a YARN SLS node file with problems', () => {
  it('names the rack and the node by their places, counted from 1 as its lines are', () => {
    const twice = '{"rack": "default-rack", "nodes": [{"node": "n1"}, {"node": "n1"}, {"node": "n2"}]}';
    expect(problems(twice)).toEqual(['rack 1 (line 1) › node 2: "n1" is listed twice']);
    const nameless = '[{"rack": "a", "nodes": [{"node": "n1"}]},\n{"rack": "b", "nodes": [{"node": ""}]}]';
    expect(problems(nameless)).toEqual(['rack 2 (line 2) › node 1: expected the node name']);
  });

  it('says a file of racks without nodes lists none, rather than reading it as a studio cluster', () => {
    expect(problems('{"rack": "r", "nodes": []}')).toEqual(['the file lists no nodes']);
    expect(problems('[{"rack": "r", "nodes": []}, {"rack": "s", "nodes": []}]')).toEqual(['the file lists no nodes']);
  });
});

describe('a YARN SLS node file the studio reads', () => {
  const description = (text: string) => {
    const r = parseAnyClusterFile(text, 'imported');
    if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('; '));
    return r.spec.description;
  };

  it('says which nodes took SLS’s defaults and what it did not read, rather than dropping it unsaid', () => {
    const text =
      '{"rack": "r1", "nodes": [{"node": "n1", "memory-mb": 8192, "vcores": 4}, {"node": "n2", "resources": {"memory-mb": 4096}}, {"node": "n3", "gpu": 2, "labels": "x"}]}';
    expect(description(text)).toBe(
      'Imported from a YARN SLS node file: memory and vcores from the file. 2 of 3 nodes state no memory-mb or vcores, so they take SLS\'s defaults (10,240 MB, 10 vcores). Not read: "resources" (first on n2), "gpu" (first on n3). Disks (100 MB/s), NIC (1 Gb/s) and the non-blocking rack uplinks are studio defaults.',
    );
  });

  it('says nothing of defaults or unread keys when the file states every figure the studio reads', () => {
    expect(description('{"rack": "r1", "nodes": [{"node": "n1", "memory-mb": 8192, "vcores": 4, "labels": "gpu"}]}')).toBe(
      'Imported from a YARN SLS node file: memory and vcores from the file. Disks (100 MB/s), NIC (1 Gb/s) and the non-blocking rack uplinks are studio defaults.',
    );
    expect(description('{"rack": "r1", "nodes": [{"node": "n1"}]}')).toMatch(
      /^Imported from a YARN SLS node file\. No node states memory-mb or vcores, so it takes SLS's defaults \(10,240 MB, 10 vcores\)\./,
    );
  });
});
