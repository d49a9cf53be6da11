import { describe, expect, it } from 'vitest';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import { workloadToCsv } from '@shared/workload/workloadFile';
import { detectTraceFormat } from '../../../src-main/workloads/traces/detect';
import { ourCsvReader } from '../../../src-main/workloads/traces/ourCsv';
import { readAll } from '../../../src-main/workloads/traces/types';

/** Our workload CSV comes back in: what "Export CSV" writes, a spreadsheet's edit of it, and what is wrong in one. */
describe('our workload CSV, imported', () => {
  const spec = WorkloadSpecSchema.parse({
    name: 'teams',
    jobs: [
      { id: '-j1', template: 'Sort', submit: 0, inputMb: 512.5, maps: 4, reduces: 2, queue: 'etl', mrCluster: 'c-1', deadlineFactor: 2 },
      { id: 'j2', template: 'WordCount', submit: 12.25, queue: 'adhoc, shared', deadline: 900, dependsOn: ['-j1'], shuffleMb: 10, outputMb: 3 },
      { id: 'j3', template: 'Pi', submit: 20, maps: 70, mapCpuSPerTask: 78.7, mapSelectivity: 0, reduceCpuSPerMb: 0.02, reduceSelectivity: 0.5 },
      {
        id: 'sls-4',
        template: 'Generic',
        submit: 30,
        maps: 3,
        reduces: 1,
        mapCpuSPerMb: 0,
        mapCpuSPerTask: 4.5,
        mapSeconds: [2.5, 6.25, 4.75],
        reduceSeconds: [9],
      },
    ],
  });

  it("reads back exactly what the export wrote (a formula-looking id, a comma in a queue, dependencies, a job's own costs and task times)", () => {
    const csv = workloadToCsv(spec);
    expect(detectTraceFormat(csv)).toEqual({ ok: true, format: 'csv' });
    const read = readAll(ourCsvReader(), csv);
    expect(read.problems).toEqual([]);
    expect(read.jobs).toEqual(spec.jobs);
  });

  it('takes the columns in any order, and a subset with template and submit', () => {
    const read = readAll(ourCsvReader(), '\uFEFFsubmit,template,queue\r\n5,Sort,\r\n1,Grep,etl\r\n');
    expect(read.jobs).toEqual([
      { template: 'Sort', submit: 5, queue: 'default', dependsOn: [] },
      { template: 'Grep', submit: 1, queue: 'etl', dependsOn: [] },
    ]);
  });

  it("reads a spreadsheet's semicolon-separated save, with decimal commas, and knows it for ours", () => {
    const csv = '\uFEFFid;template;submit;inputMb;queue\r\na;Sort;0;1,5;etl\r\nb;Grep;10,25;200;"ad;hoc"\r\n';
    expect(detectTraceFormat(csv)).toEqual({ ok: true, format: 'csv' });
    const read = readAll(ourCsvReader(), csv);
    expect(read.problems).toEqual([]);
    expect(read.jobs).toEqual([
      { id: 'a', template: 'Sort', submit: 0, inputMb: 1.5, queue: 'etl', dependsOn: [] },
      { id: 'b', template: 'Grep', submit: 10.25, inputMb: 200, queue: 'ad;hoc', dependsOn: [] },
    ]);
    // With commas between cells, a comma is never a decimal mark.
    expect(readAll(ourCsvReader(), 'template,submit,inputMb\nSort,0,"1,5"\n').problems.map((p) => p.message)).toEqual(['"1,5" is not a number']);
    // A spreadsheet's hex or "Infinity" is a typo, not 16 or an endless job.
    expect(readAll(ourCsvReader(), 'template,submit,inputMb\nSort,0x10,1\nSort,0,Infinity\n').problems.map((p) => p.message)).toEqual([
      '"0x10" is not a number',
      '"Infinity" is not a number',
    ]);
  });

  it('names each problem by line and column, and keeps the other rows', () => {
    const read = readAll(ourCsvReader(), 'id,template,submit,colour\na,Sort,soon,red\nb,Sort,-3,blue\nc,Sort,4,green\n');
    expect(read.problems.map((p) => [p.line, p.field, p.message])).toEqual([
      [1, 'colour', expect.stringMatching(/^unknown column "colour": the columns are id, template, submit/)],
      [2, 'submit', '"soon" is not a number'],
      [3, 'submit', 'must be at least 0'],
    ]);
    expect(read.jobs.map((j) => j.id)).toEqual(['c']);
  });

  it("reads a trace's task times as numbers separated by spaces, a decimal comma where cells are split at semicolons, and names a word that is not one", () => {
    const semicolons = readAll(ourCsvReader(), 'template;submit;maps;mapSeconds\nGeneric;0;2;1,5 3\n');
    expect(semicolons.problems).toEqual([]);
    expect(semicolons.jobs[0].mapSeconds).toEqual([1.5, 3]);
    const bad = readAll(ourCsvReader(), 'template,submit,maps,reduceSeconds\nGeneric,0,2,4 soon\nGeneric,0,2,-1\n');
    expect(bad.problems.map((p) => [p.line, p.field, p.message])).toEqual([
      [2, 'reduceSeconds', '"soon" is not a number'],
      [3, 'reduceSeconds.0', 'must be at least 0 s'],
    ]);
  });

  it("names a template the studio does not have at its row, and reads one written in other capitals as the studio's", () => {
    const read = readAll(ourCsvReader(), 'id,template,submit\na,Sortt,0\nb,wordcount,1\nc,Grep,2\n');
    expect(read.problems.map((p) => [p.line, p.field, p.message])).toEqual([
      [2, 'template', expect.stringMatching(/^unknown template "Sortt" \(did you mean Sort\?\): the studio's templates are .*\bSort\b.*\bGrep\b/)],
    ]);
    expect(read.jobs.map((j) => [j.id, j.template])).toEqual([
      ['b', 'WordCount'],
      ['c', 'Grep'],
    ]);
  });
});
