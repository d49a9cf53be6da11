import { describe, expect, it } from 'vitest';
import { PhaseKind } from '../../../src-main/engine/core/model';
import { phaseIo, type PhaseIo } from '../../../src-main/engine/jobs/phases';
import { job } from '../../helpers/engineFixtures';

const io = (): PhaseIo => ({ cpuS: 0, hdfsReadMb: 0, hdfsWriteMb: 0, fsReadMb: 0, fsWriteMb: 0, fetchMb: 0 });

describe('the work of a map phase', () => {
  it('a TeraGen map writes its 2 GB to HDFS at 0.0127 CPU-seconds per MB (Liu: requirement 49)', () => {
    const w = phaseIo(job('g', 'TeraGen', { maps: 4 }), PhaseKind.Map, 0, 1, 1, io());
    expect(w.hdfsWriteMb).toBe(2048);
    expect(w.hdfsReadMb).toBe(0);
    expect(w.cpuS).toBeCloseTo(26, 0);
  });

  it('a generator whose job states its output generates that much, and its CPU scales with it', () => {
    // 600 maps writing one 128 MB block each: a sixteenth of the template's 2 GB, and of its CPU.
    const w = phaseIo(job('g', 'TeraGen', { maps: 600, outputMb: 600 * 128 }), PhaseKind.Map, 0, 1, 1, io());
    expect(w.hdfsWriteMb).toBe(128);
    expect(w.cpuS).toBeCloseTo(26 / 16, 2);
  });

  it('a map-only job that reads its input and states its output pays CPU only for the input it reads', () => {
    const grep = phaseIo(job('g', 'Grep', { maps: 2, inputMb: 256, outputMb: 100 }), PhaseKind.Map, 128, 1, 1, io());
    const plain = phaseIo(job('g', 'Grep', { maps: 2, inputMb: 256 }), PhaseKind.Map, 128, 1, 1, io());
    expect(grep.hdfsWriteMb).toBe(50);
    expect(grep.cpuS).toBe(plain.cpuS);
  });
});
