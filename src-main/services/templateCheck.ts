import { inStudioSpelling } from '../workloads/templateSpelling';
import { ServiceError } from './serviceError';

/** The workload with its templates in the studio's spelling; the first it does not have is refused at its field. */
export function checkTemplates<W extends { jobs: { template: string }[]; generate?: { mix: { template: string }[] } }>(spec: W, prefix: string): W {
  const { workload, unknown } = inStudioSpelling(spec);
  if (unknown.length) throw new ServiceError('invalid_request', unknown[0].message, `${prefix}.${unknown[0].field}`);
  return workload;
}
