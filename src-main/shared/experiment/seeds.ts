import { z } from 'zod';

/** A list of seeds as an experiment holds it, read back from what a run recorded (result files). */
export const SeedListSchema = z
  .array(
    z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
  )
  .min(1, 'give at least one seed')
  .max(100, 'at most 100 seeds');

/**
 * The seeds an experiment runs each configuration with, in a saved design and in an experiment
 * file alike. A seed listed twice is refused: its two runs would be the same run, and a paired
 * comparison would count that one replicate twice (docs/architecture.md "Trusting a comparison").
 * Result files written before this check keep opening: they are read with SeedListSchema.
 */
export const SeedsSchema = SeedListSchema.superRefine((seeds, ctx) => {
  const seen = new Set<number>();
  seeds.forEach((s, i) => {
    if (seen.has(s)) ctx.addIssue({ code: 'custom', path: [i], message: `seed ${s} is listed twice` });
    seen.add(s);
  });
});
