import type { Channel, RequestOf, ResponseOf } from '@shared/api/contract';
import type { Services } from '../services';

export class CliApiError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Call a channel through the same dispatch every transport uses; failures become CliApiError. */
export async function call<C extends Channel>(services: Services, channel: C, request: RequestOf<C>): Promise<ResponseOf<C>> {
  const result = await services.dispatch(channel, request);
  // Messages already name the field at fault, so they are printed as they are.
  if (!result.ok) throw new CliApiError(result.error.message, result.error.field);
  return result.data as ResponseOf<C>;
}
