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
