import type { GeneratorSpec } from './workload';

/**
 * ILA sec. 5.2, Table 4: the Facebook job-size distribution scaled to 25 jobs — the number of maps
 * and the application per size bin, with weights equal to the paper's job counts — arriving as a
 * Poisson process with a mean gap of 14 s. A map handles one 128 MB block (sec. 5.1), so the
 * generators, which read nothing, write one block per map (as resources/presets/ila-facebook).
 */
export const FACEBOOK_MIX: GeneratorSpec = {
  count: 25,
  arrival: { kind: 'poisson', meanInterarrivalS: 14 },
  mix: [
    { template: 'TeraSort', weight: 6, maps: 2 },
    { template: 'KMeans', weight: 8, maps: 1 },
    { template: 'TeraSort', weight: 2, maps: 10 },
    { template: 'Bayes', weight: 2, maps: 20 },
    { template: 'RWrite', weight: 1, maps: 40, outputMbPerMap: 128 },
    { template: 'Grep', weight: 2, maps: 120 },
    { template: 'WCount', weight: 1, maps: 250 },
    { template: 'PiEst', weight: 1, maps: 480 },
    { template: 'TeraGen', weight: 1, maps: 600, outputMbPerMap: 128 },
    { template: 'PiEst', weight: 1, maps: 1000 },
  ],
};
