/**
 * Schedulers added beside the built-ins, one line each: a scheduler written in its own file in this
 * folder with `defineAddedScheduler` (../addedScheduler.ts), and here
 *
 *   export { fewestMapsFirst } from './fewestMapsFirst';
 *
 * The registry (../registry.ts) registers every scheduler this module exports, in the order of the
 * exported names (a module's exports are listed so), after the built-ins in the designer's menu.
 * Worker threads load the registry too, so what is exported here runs wherever runs go.
 * docs/architecture.md "Adding a scheduler".
 */
export {};
