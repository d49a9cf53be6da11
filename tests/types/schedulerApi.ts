/// <reference path="../../resources/scheduler-api/workload-studio-scheduler.d.ts" />
/**
 * The published types of a scheduler file (resources/scheduler-api, docs/plugins.md) against what
 * the engine gives: checked by the typecheck step of `npm test`, not at run time. A member the
 * published View lists that the engine's view lacks, or has with another type, fails to compile.
 */
import type { Job, Studio, Topology, View } from 'workload-studio/scheduler';
import type { CoreView, SchedulerJob, SchedulerTopology } from '../../src-main/engine/scheduling/schedulerApi';
import type { PluginStudio } from '../../src-main/schedulers/pluginStudio';

export const viewGiven = (view: CoreView): View => view;
export const jobGiven = (job: SchedulerJob): Job => job;
export const topologyGiven = (topology: SchedulerTopology): Topology => topology;
/** The helpers the studio hands a file, as the file sees them. */
export const studioGiven = (studio: PluginStudio): Studio => studio;
