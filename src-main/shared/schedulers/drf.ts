import { z } from 'zod';
import { describeScheduler } from './describe';
import { containerAuto, containerLabels, containerSizeLabels, containers, topologyAwareness, topologyLabels } from './options';
import { labelText } from '../files/controlCharacters';

/** Dominant Resource Fairness (Ghodsi et al., NSDI'11) over YARN containers. */
export const drfOptions = describeScheduler({
  kind: 'drf',
  title: 'DRF',
  schema: z.strictObject({ kind: z.literal('drf'), label: labelText().optional(), ...containers, ...topologyAwareness }),
  labels: {
    ...containerSizeLabels,
    ...containerLabels,
    ...topologyLabels,
  },
  auto: containerAuto,
  capacity: 'containers',
  runName: 'DRF',
});
