import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { readYarnConfig, writeYarnConfig, YarnConfigError } from '../../../src-main/clusters/yarnConfig';

const fixture = (name: string) => fs.readFileSync(path.resolve(__dirname, '../../fixtures/yarn', name), 'utf8');
/** Import, export, import again: the card the second import gives. */
function roundTrip(text: string) {
  const first = readYarnConfig(text);
  if (!first.ok) throw new Error(JSON.stringify(first.problems));
  const again = readYarnConfig(writeYarnConfig(SchedulerSpecSchema.parse(first.card), first.format));
  if (!again.ok) throw new Error(JSON.stringify(again.problems));
  return { first, again };
}
const property = (name: string, value: string) => `<property><name>yarn.scheduler.capacity.${name}</name><value>${value}</value></property>`;
const capacityFile = (...props: string[]) => `<?xml version="1.0"?>\n<configuration>\n${props.join('\n')}\n</configuration>\n`;

describe("a cluster's capacity-scheduler.xml", () => {
  it("reads Hadoop's own sample: one default queue, the locality delay and AM share, and lists every other setting with its reason", () => {
    const read = readYarnConfig(fixture('capacity-scheduler.xml'));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.card).toEqual({
      kind: 'capacity',
      queues: [{ name: 'default', capacity: 100, maxCapacity: 100, children: [] }],
      localityDelay: 40,
      maxAmShare: 0.1,
    });
    // 15 properties in the sample: 5 taken, 10 listed, none dropped.
    expect(read.notModelled.map((n) => n.where)).toEqual([
      'yarn.scheduler.capacity.maximum-applications',
      'yarn.scheduler.capacity.resource-calculator',
      'yarn.scheduler.capacity.root.default.user-limit-factor',
      'yarn.scheduler.capacity.root.default.state',
      'yarn.scheduler.capacity.root.default.acl_submit_applications',
      'yarn.scheduler.capacity.root.default.acl_administer_queue',
      'yarn.scheduler.capacity.root.default.acl_application_max_priority',
      'yarn.scheduler.capacity.queue-mappings',
      'yarn.scheduler.capacity.queue-mappings-override.enable',
      'yarn.scheduler.capacity.per-node-heartbeat.maximum-offswitch-assignments',
    ]);
    expect(read.notModelled.find((n) => n.where.endsWith('user-limit-factor'))?.why).toMatch(/no users/);
    expect(read.readings.join(' ')).toMatch(/whole cluster, not to each queue/);
  });

  it('round-trips the sample and a queue tree to the same card', () => {
    const sample = roundTrip(fixture('capacity-scheduler.xml'));
    expect(SchedulerSpecSchema.parse(sample.again.card)).toEqual(SchedulerSpecSchema.parse(sample.first.card));
    const tree = capacityFile(
      property('root.queues', 'prod, dev'),
      property('root.prod.capacity', '70'),
      property('root.prod.queues', 'etl,bi'),
      property('root.prod.etl.capacity', '50'),
      property('root.prod.bi.capacity', '50'),
      property('root.prod.bi.maximum-capacity', '80'),
      property('root.prod.etl.ordering-policy', 'fair'),
      property('root.dev.capacity', '30'),
      property('root.dev.maximum-capacity', '-1'),
    );
    const { first, again } = roundTrip(tree);
    expect(first.card).toMatchObject({
      orderingPolicy: 'fair',
      queues: [
        {
          name: 'prod',
          capacity: 70,
          maxCapacity: 100,
          children: [
            { name: 'etl', capacity: 50, maxCapacity: 100, children: [] },
            { name: 'bi', capacity: 50, maxCapacity: 80, children: [] },
          ],
        },
        { name: 'dev', capacity: 30, maxCapacity: 100, children: [] },
      ],
    });
    expect(SchedulerSpecSchema.parse(again.card)).toEqual(SchedulerSpecSchema.parse(first.card));
    // bi and dev name no policy, so YARN runs them first come, first served: the reading says they change.
    expect(first.readings.join(' ')).toMatch(/fair, as etl does; bi, dev will no longer be first come, first served/);
  });

  it('refuses, by property, what the card cannot take as given: capacities not adding to 100, weights, bad numbers', () => {
    const bad = readYarnConfig(
      capacityFile(
        property('root.queues', 'a,b'),
        property('root.a.capacity', '60'),
        property('root.b.capacity', '2w'),
        property('node-locality-delay', 'soon'),
      ),
    );
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.problems).toEqual([
      { field: 'yarn.scheduler.capacity.root.b.capacity', message: '"2w" is a weight; the studio\'s Capacity card takes percentages of the parent queue' },
      { field: 'yarn.scheduler.capacity.root.queues', message: "the capacities of root's queues add up to 60 %, not 100 % as YARN requires" },
      { field: 'yarn.scheduler.capacity.node-locality-delay', message: '"soon" is not a whole number of missed opportunities' },
    ]);
  });

  it('refuses a queue named twice and a ceiling below the guarantee, as YARN does; reads " -1 " as no ceiling', () => {
    const twice = readYarnConfig(capacityFile(property('root.queues', 'a,a,b'), property('root.a.capacity', '50'), property('root.b.capacity', '50')));
    expect(!twice.ok && twice.problems).toEqual([{ field: 'yarn.scheduler.capacity.root.queues', message: 'names the queue "a" twice' }]);
    const low = readYarnConfig(
      capacityFile(
        property('root.queues', 'a,b'),
        property('root.a.capacity', '50'),
        property('root.b.capacity', '50'),
        property('root.b.maximum-capacity', '30'),
      ),
    );
    expect(!low.ok && low.problems).toEqual([
      { field: 'yarn.scheduler.capacity.root.b.maximum-capacity', message: "30 % is below the queue's capacity of 50 %, which YARN refuses" },
    ]);
    const spaced = readYarnConfig(
      capacityFile(property('root.queues', 'a'), property('root.a.capacity', ' 100 '), property('root.a.maximum-capacity', ' -1 ')),
    );
    expect(spaced.ok && spaced.card).toMatchObject({ queues: [{ name: 'a', capacity: 100, maxCapacity: 100 }] });
  });
});

describe('a Fair Scheduler allocation file', () => {
  it("reads the Hadoop documentation's example: leaves as pools, their minimum shares, every other setting listed", () => {
    const read = readYarnConfig(fixture('fair-scheduler.xml'));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    // sample_sub_queue's 5,000 MB at the card's 200 MB slot: 25 slots.
    expect(read.card).toEqual({
      kind: 'fair',
      pools: [
        { name: 'sample_sub_queue', minShare: 25, weight: 1 },
        { name: 'sample_reservable_queue', minShare: 0, weight: 1 },
      ],
    });
    const listed = read.notModelled.map((n) => `${n.where} = ${n.value}`);
    expect(listed).toContain('queue sample_queue › weight = 2.0');
    expect(listed).toContain('queue sample_queue › maxRunningApps = 50');
    expect(listed).toContain('user = sample_user');
    expect(listed).toContain('queuePlacementPolicy = specified, primaryGroup, nestedUserQueue, default');
    expect(read.notModelled).toHaveLength(15);
    expect(read.readings.join(' ')).toMatch(/flattened/);
    const { first, again } = roundTrip(fixture('fair-scheduler.xml'));
    expect(SchedulerSpecSchema.parse(again.card)).toEqual(SchedulerSpecSchema.parse(first.card));
  });

  it("reads Hadoop 1's pools (minMaps + minReduces, weight) and round-trips them", () => {
    const text = `<?xml version="1.0"?><allocations><pool name="research"><minMaps>5</minMaps><minReduces>3</minReduces><weight>2.0</weight></pool><pool name="adhoc"/><userMaxJobsDefault>3</userMaxJobsDefault></allocations>`;
    const { first, again } = roundTrip(text);
    expect(first.card).toEqual({
      kind: 'fair',
      pools: [
        { name: 'research', minShare: 8, weight: 2 },
        { name: 'adhoc', minShare: 0, weight: 1 },
      ],
    });
    expect(first.notModelled).toEqual([{ where: 'userMaxJobsDefault', value: '3', why: "the studio's jobs have no users" }]);
    expect(SchedulerSpecSchema.parse(again.card)).toEqual(SchedulerSpecSchema.parse(first.card));
  });

  it("lists a minimum share given as a share of the cluster (Hadoop 3.1's percentages) instead of reading its numbers as vcores", () => {
    const read = readYarnConfig(
      '<allocations><queue name="a"><minResources>memory-mb=50%, vcores=10%</minResources></queue><queue name="b"><minResources>40%</minResources></queue></allocations>',
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.card).toEqual({
      kind: 'fair',
      pools: [
        { name: 'a', minShare: 0, weight: 1 },
        { name: 'b', minShare: 0, weight: 1 },
      ],
    });
    expect(read.notModelled.map((n) => `${n.where} = ${n.value}`)).toEqual([
      'queue a › minResources = memory-mb=50%, vcores=10%',
      'queue b › minResources = 40%',
    ]);
    expect(read.notModelled[0].why).toMatch(/share of the cluster in percent/);
  });

  it('refuses a weight of 0, a queue without a name and text that is not XML, each in words', () => {
    const zero = readYarnConfig('<allocations><queue name="a"><weight>0</weight></queue><queue><weight>1</weight></queue></allocations>');
    expect(!zero.ok && zero.problems).toEqual([
      { field: 'queue a › weight', message: '"0" is not a weight above 0' },
      { field: 'queue ?', message: 'a queue needs a name attribute' },
    ]);
    const broken = readYarnConfig('<allocations><queue name="a"></allocations>');
    expect(!broken.ok && broken.problems[0].message).toBe(
      'not well-formed XML at line 1: </allocations> comes before the </queue> of the <queue> opened at line 1',
    );
    const unclosed = readYarnConfig('<configuration>\n<property><name>x</name></property>');
    expect(!unclosed.ok && unclosed.problems[0].message).toBe('not well-formed XML at line 1: <configuration> is never closed');
    const notXml = readYarnConfig('<configuration>yarn.scheduler = 1\n<a b="1" b="2"/></configuration>');
    expect(!notXml.ok && notXml.problems[0].message).toBe('not well-formed XML at line 2: the attribute b is given twice');
    // Several elements left open: named, not listed as the parser's JSON at a line they are not on.
    const open = readYarnConfig('<configuration>\n<property>\n<name>x</name>');
    expect(!open.ok && open.problems[0].message).toBe('not well-formed XML: <configuration>, <property> are never closed');
    const other = readYarnConfig('<beans/>');
    expect(!other.ok && other.problems[0].message).toMatch(/not a YARN scheduler file/);
    // Well-formed but nested past the parser's guard: refused in words, not with the parser's stack.
    const deep = readYarnConfig(`<configuration>${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}</configuration>`);
    expect(!deep.ok && deep.problems[0].message).toBe('its elements are nested too deep to be a YARN scheduler file');
  });
});

describe('writing a card as a YARN file', () => {
  it('refuses a card of another kind, in words', () => {
    expect(() => writeYarnConfig(SchedulerSpecSchema.parse({ kind: 'fifo' }), 'capacity')).toThrow(YarnConfigError);
    expect(() => writeYarnConfig(SchedulerSpecSchema.parse({ kind: 'fifo' }), 'capacity')).toThrow(
      /a FIFO \(Hadoop 1\) card cannot be written as capacity-scheduler.xml/,
    );
    expect(() => writeYarnConfig(SchedulerSpecSchema.parse({ kind: 'capacity' }), 'fair')).toThrow(
      'a YARN Capacity card cannot be written as a Fair Scheduler allocation file: it is written as capacity-scheduler.xml (format capacity)',
    );
  });
});
