import type { ResultFile } from '../../src-main/shared/experiment/experiment';

type ResultRun = ResultFile['runs'][number];

/** A run of a hand-made result file: only its jobs matter to the reports under test. */
export function handRun(scheduler: string, seed: number, jobs: ResultRun['jobs']): ResultRun {
  return { scheduler, kind: 'fair', seed, summary: {} as ResultRun['summary'], profiles: {}, jobs };
}

export const handResult = (runs: ResultFile['runs']): ResultFile => ({ format: 'workload-studio.result', version: 1, experiment: 'hand-made', runs });
