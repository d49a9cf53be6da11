import { describe, expect, it } from 'vitest';
import { fileNameOf } from '@shared/files/fileName';

describe('a name as the stem of a file name', () => {
  it('joins what a file system may not take with one "_", none at either end', () => {
    expect(fileNameOf('Sample: Facebook job mix (ILA Table 4)')).toBe('Sample_Facebook_job_mix_ILA_Table_4');
    expect(fileNameOf('  «prod» cluster / rack 2  ')).toBe('prod_cluster_rack_2');
    expect(fileNameOf('FB-2009_day.v2')).toBe('FB-2009_day.v2');
  });

  it('is never empty, so a file is not hidden behind its extension', () => {
    expect(fileNameOf('???')).toBe('untitled');
    expect(fileNameOf('')).toBe('untitled');
  });
});
