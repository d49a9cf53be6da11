import { computed, type Ref } from 'vue';
import type { z } from 'zod';
import { problemsOf } from '@shared/api/validation';

/**
 * Live validation of a form against the same zod schema the services use: one message per field,
 * plus a slot for the error the server returns (e.g. a name already taken).
 */
export function useFieldErrors<S extends z.ZodType>(schema: S, value: Ref<unknown>, serverErrors: Ref<Record<string, string>>) {
  const clientErrors = computed(() => {
    const parsed = schema.safeParse(value.value);
    const errors: Record<string, string> = {};
    if (!parsed.success) {
      for (const p of problemsOf(parsed.error)) if (!(p.field in errors)) errors[p.field] = p.message;
    }
    return errors;
  });
  const errors = computed<Record<string, string>>(() => ({ ...clientErrors.value, ...serverErrors.value }));
  const valid = computed(() => Object.keys(clientErrors.value).length === 0);
  return { errors, valid };
}
