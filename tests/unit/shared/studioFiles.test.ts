import { describe, expect, it } from 'vitest';
import { otherStudioFileWords } from '@shared/files/studioFiles';

/** The studio's own files, brought to the wrong place: one table says what each is, where it opens, and how a result comes of it. */
describe("the studio's own files, told apart", () => {
  it('says what a file is and where it opens, for any format but the one expected', () => {
    expect(otherStudioFileWords('workload-studio.workload', 'workload-studio.cluster')).toBe(
      'this is a Workload Studio workload file: import it under Workloads (or `workload-studio workloads import FILE`)',
    );
    expect(otherStudioFileWords('workload-studio.result', 'workload-studio.experiment')).toMatch(
      /^this is a Workload Studio result file: open it under Run history/,
    );
    expect(otherStudioFileWords('workload-studio.cluster', 'workload-studio.cluster')).toBeUndefined();
    expect(otherStudioFileWords('someone.else', 'workload-studio.cluster')).toBeUndefined();
    expect(otherStudioFileWords(undefined, 'workload-studio.cluster')).toBeUndefined();
  });

  it('where a result is wanted, says how one comes of the file instead', () => {
    expect(otherStudioFileWords('workload-studio.cluster', 'workload-studio.result', 'result')).toBe(
      'this is a Workload Studio cluster file: import it under Clusters, and run an experiment on it to get a result',
    );
    expect(otherStudioFileWords('workload-studio.summary', 'workload-studio.result', 'result')).toBe(
      "this is a comparison's summary table (its JSON export): it holds no runs; open the result file of the same runs",
    );
  });
});
