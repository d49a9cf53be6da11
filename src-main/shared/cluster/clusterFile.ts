import { ClusterSpecSchema, type ClusterSpec } from './cluster';
import { fileEnvelope, type EnvelopeParse } from '../files/fileEnvelope';

/** Our cluster file: a versioned envelope around one ClusterSpec (docs/cluster-file.schema.json). */
export const CLUSTER_FILE_FORMAT = 'workload-studio.cluster';
export const CLUSTER_FILE_VERSION = 1;

const clusterFile = fileEnvelope(CLUSTER_FILE_FORMAT, CLUSTER_FILE_VERSION, 'cluster', ClusterSpecSchema);
export const ClusterFileSchema = clusterFile.schema;
export type ClusterFileParse = EnvelopeParse<ClusterSpec>;

export const serializeClusterFile = (spec: ClusterSpec, exportedAt: string): string => clusterFile.serialize(spec, exportedAt);
/** Read our cluster file (or a bare ClusterSpec); every problem comes back with its field path. */
export const parseClusterFile = (text: string): ClusterFileParse => clusterFile.parse(text);
