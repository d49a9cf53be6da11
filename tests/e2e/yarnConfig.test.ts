import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DesignRecord } from '@shared/experiment/design';
import { useTempDirs } from '../helpers/tempDir';
import { downloadOf, ok, screenshot, startStudio, useBrowser, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();

/** A production cluster's capacity-scheduler.xml: two queues, a user limit the card cannot hold. */
const capacityXml = `<?xml version="1.0"?>
<configuration>
  <property><name>yarn.scheduler.capacity.root.queues</name><value>prod,dev</value></property>
  <property><name>yarn.scheduler.capacity.root.prod.capacity</name><value>70</value></property>
  <property><name>yarn.scheduler.capacity.root.dev.capacity</name><value>30</value></property>
  <property><name>yarn.scheduler.capacity.root.dev.maximum-capacity</name><value>50</value></property>
  <property><name>yarn.scheduler.capacity.root.dev.user-limit-factor</name><value>2</value></property>
  <property><name>yarn.scheduler.capacity.node-locality-delay</name><value>12</value></property>
</configuration>
`;

describe("a cluster's YARN files in the designer", () => {
  it('imports capacity-scheduler.xml into a Capacity card, lists what it cannot hold, saves, and exports it back', async () => {
    const studio = await startStudio(tempDir());
    const dir = tempDir();
    const capacityFile = path.join(dir, 'capacity-scheduler.xml');
    fs.writeFileSync(capacityFile, capacityXml);
    const fairFile = path.resolve(__dirname, '../fixtures/yarn/fair-scheduler.xml');
    const cluster = await ok<{ id: string }>(studio.services, 'clusters:create', {
      spec: {
        name: 'c',
        hostTypes: [{ id: 'h', name: 'h', cores: 4, coreSpeed: 1, memoryGb: 8, disks: [{ readMBps: 100, writeMBps: 100 }], nicMBps: 125 }],
        network: { rackUplinkMBps: 1250, oversubscription: 1 },
        racks: [{ name: 'r', hosts: [{ name: 'n1', type: 'h' }] }],
      },
    });
    const workload = await ok<{ id: string }>(studio.services, 'workloads:create', {
      spec: { name: 'w', jobs: [{ template: 'Sort', submit: 0, inputMb: 256 }] },
    });
    const made = await ok<{ id: string }>(studio.services, 'experiments:create', {
      spec: { name: 'queues', clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'capacity' }, { kind: 'fair' }], seeds: [1] },
    });
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await page.goto(studio.server.url);
      await page.locator('[data-nav="experiments"]').click();
      await page.locator('tr[data-experiment="queues"] button.name').click();
      const card = page.locator('[data-scheduler="0"]');
      await expect.poll(() => card.getByTestId('queue-summary').textContent()).toBe('Queues: default 100 %');
      await card.getByTestId('yarn-file').setInputFiles(capacityFile);
      await expect.poll(() => card.getByTestId('queue-summary').textContent()).toBe('Queues: prod 70 % (up to 100 %), dev 30 % (up to 50 %)');
      const notHeld = card.getByTestId('yarn-not-modelled');
      expect(await notHeld.locator('summary').textContent()).toMatch(/1 setting of capacity-scheduler\.xml the card does not hold/);
      await notHeld.locator('summary').click();
      expect(await notHeld.textContent()).toMatch(/yarn\.scheduler\.capacity\.root\.dev\.user-limit-factor = 2: user limits: the studio's jobs have no users/);
      // The file's locality delay reached the card's own field.
      await expect.poll(() => card.locator('label', { hasText: 'Locality delay (missed offers)' }).locator('input').inputValue()).toBe('12');
      await screenshot(page, 'designer-yarn-import');

      // A Fair allocation file offered to the Capacity card is refused in words; the queues stay.
      await card.getByTestId('yarn-file').setInputFiles(fairFile);
      await expect
        .poll(() => card.getByTestId('yarn-problem').textContent())
        .toBe('fair-scheduler.xml is a Fair Scheduler allocation file; this card takes capacity-scheduler.xml.');
      expect(await card.getByTestId('queue-summary').textContent()).toBe('Queues: prod 70 % (up to 100 %), dev 30 % (up to 50 %)');
      // A file YARN itself would refuse names the property as the file writes it; a broken one says what is not closed, and where.
      const short = path.join(dir, 'short.xml');
      fs.writeFileSync(short, capacityXml.replace('<value>30</value>', '<value>20</value>'));
      await card.getByTestId('yarn-file').setInputFiles(short);
      await expect
        .poll(() => card.getByTestId('yarn-problem').textContent())
        .toBe("short.xml: yarn.scheduler.capacity.root.queues: the capacities of root's queues add up to 90 %, not 100 % as YARN requires");
      const broken = path.join(dir, 'broken.xml');
      fs.writeFileSync(broken, capacityXml.replace('<value>50</value></property>', '<value>50</value>'));
      await card.getByTestId('yarn-file').setInputFiles(broken);
      await expect
        .poll(() => card.getByTestId('yarn-problem').textContent())
        .toBe('broken.xml: not well-formed XML at line 9: </configuration> comes before the </property> of the <property> opened at line 6');
      expect(await card.getByTestId('queue-summary').textContent()).toBe('Queues: prod 70 % (up to 100 %), dev 30 % (up to 50 %)');
      // The same file into the Fair card: its leaves become pools.
      const fair = page.locator('[data-scheduler="1"]');
      await fair.getByTestId('yarn-file').setInputFiles(fairFile);
      await expect
        .poll(() => fair.getByTestId('queue-summary').textContent())
        .toBe('Pools: sample_sub_queue (weight 1, at least 25 slots), sample_reservable_queue (weight 1)');

      await page.getByTestId('save').click();
      await expect
        .poll(async () => {
          const saved = await ok<DesignRecord>(studio.services, 'experiments:get', { id: made.id });
          return JSON.stringify(saved.spec.schedulers[0]);
        })
        .toMatch(
          /"queues":\[\{"name":"prod","capacity":70,"maxCapacity":100,"children":\[\]\},\{"name":"dev","capacity":30,"maxCapacity":50,"children":\[\]\}\]/,
        );

      const file = await downloadOf(page, () => card.getByTestId('yarn-export').click());
      expect(file.name).toBe('capacity-scheduler.xml');
      const text = file.bytes.toString('utf8');
      expect(text).toMatch(/<name>yarn\.scheduler\.capacity\.root\.queues<\/name>\s*<value>prod,dev<\/value>/);
      expect(text).toMatch(/<name>yarn\.scheduler\.capacity\.node-locality-delay<\/name>\s*<value>12<\/value>/);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});
