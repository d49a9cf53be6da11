import { accuracy, fitInterferenceModel, fitLinear, fitQuadratic, predict, type Accuracy, type InterferenceFeatures } from './interference';
import { generateProfilingSamples, TABLE3_PROBES, type ServerShape } from './interferenceProfiling';

export interface InterferenceReport {
  shape: ServerShape;
  training: number;
  testing: number;
  /** Per model, on the held-out samples (ILA Table 5: R² and mean prediction error; Fig. 11: by application kind). */
  models: { name: 'exponential (eq. 1-3)' | 'linear' | 'quadratic'; all: Accuracy; cpu: Accuracy; io: Accuracy }[];
}

/**
 * The ILA paper's model comparison (sec. 5.4, Table 5 and Fig. 11), on profiling runs the studio
 * makes for a server shape: fit the exponential model and the linear and quadratic baselines on
 * two thirds of the samples, and score each on the held-out third, overall and per application kind.
 */
export function interferenceReport(shape: ServerShape, samples: number, seed = 1): InterferenceReport {
  const all = generateProfilingSamples(shape, TABLE3_PROBES, samples, seed);
  const cut = Math.round((all.length * 2) / 3);
  const train = all.slice(0, cut);
  const test = all.slice(cut);
  const exponential = fitInterferenceModel(train);
  const fits: [InterferenceReport['models'][number]['name'], (x: InterferenceFeatures) => number][] = [
    ['exponential (eq. 1-3)', (x) => predict(exponential, x)],
    ['linear', fitLinear(train)],
    ['quadratic', fitQuadratic(train)],
  ];
  return {
    shape,
    training: train.length,
    testing: test.length,
    models: fits.map(([name, f]) => ({
      name,
      all: accuracy(test, f),
      cpu: accuracy(
        test.filter((s) => s.kind === 'cpu'),
        f,
      ),
      io: accuracy(
        test.filter((s) => s.kind === 'io'),
        f,
      ),
    })),
  };
}
