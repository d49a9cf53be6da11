import * as fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { ClusterRecord } from '@shared/api/records';
import { useTempDirs } from '../helpers/tempDir';
import { colourScheme, editorReady, screenshot, startStudio, useBrowser, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();

const nodes = (page: Page) => page.getByTestId('total-nodes').textContent();

describe('topology editor in the browser, against the real services', () => {
  it('builds a 2-rack cluster with VMs, undoes and redoes, guards unsaved work, saves and reloads', async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1360, height: 860 } });
    const errors = watchErrors(page);
    try {
      await page.goto(studio.server.url);
      await page.getByTestId('new-cluster').click();
      // The dialog opens with its totals, not with a complaint about fields nobody touched yet.
      await expect.poll(() => page.locator('dialog.modal').textContent()).toMatch(/worker nodes? · \d+ cores?/);
      expect(await page.locator('dialog.modal').textContent()).not.toMatch(/Fix the fields/);
      await page.locator('#name').fill('lab');
      await page.locator('#racks').fill('1');
      await page.locator('#hostsPerRack').fill('2');
      await page.getByRole('button', { name: 'Create cluster' }).click();
      await page.locator('tr[data-cluster="lab"]').getByTestId('open-cluster').click();
      await editorReady(page, 'cluster-editor');
      expect(await nodes(page)).toBe('2');
      // Three replicas on two nodes cannot all be placed: the field warns.
      await page.locator('[data-tab="network"]').click();
      expect(await page.locator('#replication-hint').textContent()).toBe(
        'Warning: 3 replicas but 2 worker nodes; a block has at most one copy per node, so each gets 2.',
      );
      // The shortcut sheet shows the "+" key itself.
      await page.locator('body').click({ position: { x: 5, y: 400 } });
      await page.keyboard.press('?');
      const zoomIn = page.getByTestId('shortcuts').locator('tr', { hasText: 'Zoom in' });
      expect(await zoomIn.locator('kbd').allTextContents()).toEqual(['+']);
      await page.keyboard.press('Escape');

      // A VM type, then a second rack of 3 servers split into 2 VMs each.
      await page.locator('[data-tab="types"]').click();
      await page.getByTestId('add-vm-type').click();
      await page.locator('[data-tab="add"]').click();
      // A slipped digit would make ten million servers: refused before anything is built.
      await page.locator('#bulk-racks').fill('1000');
      await page.locator('#bulk-servers').fill('10000');
      await expect
        .poll(() => page.locator('[data-field-error="bulk-servers"]').textContent())
        .toBe('makes 10,000,002 worker nodes (2 now and 1,000 × 10,000 added); at most 100,000');
      expect(await page.getByTestId('bulk-add-submit').isDisabled()).toBe(true);
      expect(await nodes(page)).toBe('2');
      await page.locator('#bulk-racks').fill('1');
      await page.locator('#bulk-servers').fill('3');
      await page.locator('#bulk-vms').fill('2');
      await page.getByTestId('bulk-add-submit').click();
      await expect.poll(() => nodes(page)).toBe('8');
      expect(await page.locator('[data-rack]').count()).toBe(2);
      expect(await page.locator('[data-rack="rack-2"] .vm').count()).toBe(6);

      // Undo twice (rack, VM type), redo both: by the buttons and by the keyboard.
      await page.getByTestId('undo').click();
      await expect.poll(() => nodes(page)).toBe('2');
      await page.keyboard.press('Control+Shift+Z');
      await expect.poll(() => nodes(page)).toBe('8');
      await page.keyboard.press('Control+z');
      await page.keyboard.press('Control+y');
      await expect.poll(() => nodes(page)).toBe('8');

      // Select one server with VMs and give its VMs more memory than the host has: the problem shows
      // next to the field and saving is refused until it is undone.
      await page.locator('[data-tab="types"]').click();
      // How many use each type, counted in words: 3 servers, 6 VMs (never "server(s)").
      expect(await page.locator('[data-vm-type="vm-1"]').textContent()).toContain('6 VMs of this type');
      const vmMemory = page.locator('[data-vm-type="vm-1"] input').nth(3);
      await vmMemory.fill('999');
      await expect.poll(() => page.getByTestId('problems').textContent()).toMatch(/VM type "New VM type" has 999 GB but server "rack-2-s1" has only/);
      await page.locator('body').click({ position: { x: 5, y: 400 } });
      await page.keyboard.press('Control+z');
      await expect.poll(() => page.getByTestId('problems').count()).toBe(0);

      // Multi-select on the map and retype nodes as transient.
      await page.locator('[data-host="rack-2-s1"]').click();
      await page.locator('[data-host="rack-2-s3"]').click({ modifiers: ['Shift'] });
      await expect.poll(() => page.getByTestId('selection-panel').textContent()).toMatch(/3 servers selected/);
      await page.locator('#node-kind').selectOption('transient');
      expect(await page.locator('[data-rack="rack-2"] .vm.kind-transient').count()).toBe(6);
      // Split again into 3 VMs each: the form starts from what the servers have, and the new VMs keep their kind.
      const vmForm = page.locator('fieldset.vms');
      expect(await vmForm.textContent()).toContain('Now: 2 per server of New VM type');
      expect(await page.locator('#vm-count').inputValue()).toBe('2');
      // As they are, there is nothing to apply.
      expect(await page.getByTestId('apply-vms').isDisabled()).toBe(true);
      // A count the split cannot make is named at its field, not rounded or clamped.
      for (const bad of ['-1', '1.5', '']) {
        await page.locator('#vm-count').fill(bad);
        await expect.poll(() => page.locator('[data-field-error="vm-count"]').textContent()).toBe('must be a whole number from 0 to 256');
        expect(await page.getByTestId('apply-vms').isDisabled()).toBe(true);
      }
      await page.locator('#vm-count').fill('3');
      await page.getByTestId('apply-vms').click();
      await expect.poll(() => nodes(page)).toBe('11');
      expect(await page.locator('[data-rack="rack-2"] .vm.kind-transient').count()).toBe(9);
      await expect.poll(() => vmForm.textContent()).toContain('Now: 3 per server of New VM type');
      await page.getByTestId('undo').click();
      await expect.poll(() => nodes(page)).toBe('8');
      // The selection is one whole rack: rename it; a clashing name is named at the field.
      await page.locator('#rack-name').fill('RACK-01');
      await expect.poll(() => page.locator('[data-field-error="rack-name"]').textContent()).toBe('duplicate rack name "RACK-01"');
      await page.locator('#rack-name').fill('rack-b');

      // Leaving with unsaved changes asks first; staying keeps the work.
      await page.locator('[data-nav="clusters"]').click();
      await page.getByText('Discard unsaved changes?').waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await editorReady(page, 'cluster-editor');
      // With the name emptied the question still reads as a sentence.
      await page.locator('[data-tab="network"]').click();
      await page.locator('#cluster-name').fill('');
      await page.locator('[data-nav="clusters"]').click();
      await page.getByText('This unnamed item has changes that are not saved. Leave and lose them?').waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.locator('#cluster-name').fill('lab');

      await page.getByTestId('save').click();
      await page.getByText('Saved "lab"').waitFor();
      const saved = (await studio.services.dispatch('clusters:list', {})) as { data: { nodes: number; vms: number }[] };
      expect(saved.data[0]).toMatchObject({ nodes: 8, vms: 6 });

      await page.reload();
      await editorReady(page, 'cluster-editor');
      await expect.poll(() => nodes(page)).toBe('8');
      expect(await page.locator('[data-rack="rack-b"] .vm.kind-transient').count()).toBe(6);
      await expect.poll(() => page.getByTestId('save').isDisabled()).toBe(true);

      // Save, then straight to Clusters: the question waits for the save on its way (held here in
      // transit until the click is made) and, the change stored, is not asked.
      let reached!: () => void;
      let release!: () => void;
      const inTransit = new Promise<void>((resolve) => (reached = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const isUpdate = (url: URL) => decodeURIComponent(url.pathname) === '/api/clusters:update';
      await page.route(isUpdate, async (route) => {
        reached();
        await released;
        await route.continue();
      });
      await page.locator('[data-tab="network"]').click();
      await page.locator('#cluster-name').fill('lab two');
      await page.getByTestId('save').click();
      await inTransit;
      await page.locator('[data-nav="clusters"]').click();
      release();
      await page.locator('tr[data-cluster="lab two"]').waitFor();
      expect(await page.getByText('Discard unsaved changes?').count()).toBe(0);
      await page.unroute(isUpdate);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });

  it("renames a server type's id key by key, through another type's id, without moving that type's servers", async () => {
    const studio = await startStudio(tempDir());
    const type = (id: string, cores: number) => ({
      id,
      name: `${cores}-core`,
      cores,
      coreSpeed: 1,
      memoryGb: 32,
      disks: [{ readMBps: 100, writeMBps: 100 }],
      nicMBps: 125,
    });
    const made = (await studio.services.dispatch('clusters:create', {
      spec: {
        name: 'two types',
        hostTypes: [type('gen1', 8), type('gen2', 16)],
        network: { rackUplinkMBps: 1250, oversubscription: 1 },
        racks: [{ name: 'r', hosts: ['a1', 'a2', 'b1', 'b2', 'b3'].map((name) => ({ name, type: name.startsWith('a') ? 'gen1' : 'gen2' })) }],
      },
    })) as { data: ClusterRecord };
    const page = await browser().newPage({ viewport: { width: 1360, height: 860 } });
    const errors = watchErrors(page);
    const used = (id: string) =>
      page
        .locator(`[data-host-type="${id}"]`)
        .getByText(/of this type/)
        .textContent();
    try {
      await page.goto(`${studio.server.url.replace(/#.*/, '')}#token=${studio.server.token}`);
      await page.evaluate(`location.hash = '#/clusters/${made.data.id}'`);
      await editorReady(page, 'cluster-editor');
      await page.locator('[data-tab="types"]').click();
      // "gen2" becomes "gen10" as a person types it: through "gen1", the other type's id.
      // The second type's card by its place: its data-host-type follows the id being typed.
      const id = page.getByTestId('types-panel').locator('[data-host-type]').nth(1).getByLabel('Id');
      await id.press('End');
      await id.press('Backspace');
      await id.press('1');
      await expect.poll(() => page.getByTestId('problems').textContent()).toMatch(/duplicate server type id "gen1"/);
      // A look at another tab on the way does not lose whose servers are whose.
      await page.locator('[data-tab="network"]').click();
      await page.locator('[data-tab="types"]').click();
      await id.press('End');
      await id.press('0');
      await expect.poll(() => page.getByTestId('problems').count()).toBe(0);
      expect([await used('gen1'), await used('gen10')]).toEqual(['2 servers of this type', '3 servers of this type']);
      expect(await page.locator('[data-host="a1"]').textContent()).toContain('8c');
      expect(await page.locator('[data-host="b1"]').textContent()).toContain('16c');

      // Typing another disk count through an empty box keeps the disks' speeds; a count the
      // design cannot hold is named at the card and, on leaving the box, gives way to the count kept.
      const gen1 = page.locator('[data-host-type="gen1"]');
      await gen1.getByLabel('Disk read MB/s').fill('150');
      const disks = gen1.getByTestId('disk-count');
      await disks.press('End');
      await disks.press('Backspace');
      await expect.poll(() => gen1.locator('[data-field-error="hostTypes.0.disks"]').textContent()).toBe('disks: must be a whole number from 0 to 64');
      await disks.press('4');
      await expect.poll(() => gen1.locator('[data-field-error]').count()).toBe(0);
      expect(await gen1.getByLabel('Disk read MB/s').inputValue()).toBe('150');
      await disks.fill('1.5');
      await expect.poll(() => gen1.locator('[data-field-error="hostTypes.0.disks"]').count()).toBe(1);
      await gen1.getByLabel('Cores').focus();
      await expect.poll(() => disks.inputValue()).toBe('4');
      expect(await gen1.locator('[data-field-error]').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });

  it('stays usable on a 40-rack, 2,000-server cluster: search, select matches, screenshots light and dark', async () => {
    const studio = await startStudio(tempDir());
    const big = (await studio.services.dispatch('clusters:generate', {
      params: { ...defaultUniformCluster, name: 'Datacenter', racks: 40, hostsPerRack: 50 },
    })) as { data: ClusterRecord };
    const vms = (await studio.services.dispatch('clusters:generate', {
      params: { ...defaultUniformCluster, name: 'ILA virtual cluster', racks: 2, hostsPerRack: 12, cores: 12, memoryGb: 32, vmsPerHost: 6 },
    })) as { data: ClusterRecord };
    const page = await browser().newPage({ viewport: { width: 1360, height: 860 } });
    const errors = watchErrors(page);
    try {
      await page.goto(`${studio.server.url.replace(/#.*/, '')}#token=${studio.server.token}`);
      await page.evaluate(`location.hash = '#/clusters/${big.data.id}'`);
      await editorReady(page, 'cluster-editor');
      expect(await page.getByTestId('total-nodes').textContent()).toBe('2,000');
      // Racks past the fourth start folded, so the page holds a few hundred tiles, not 2,000.
      expect(await page.locator('[data-host]').count()).toBe(200);
      await page.getByTestId('map-search').fill('r37-h012');
      await expect.poll(() => page.locator('[data-host="r37-h012"]').count()).toBe(1);
      await page.getByRole('button', { name: /Select 1 match/ }).click();
      await expect.poll(() => page.getByTestId('selection-panel').textContent()).toMatch(/1 server selected \(rack-37: 1\)/);
      await page.getByTestId('map-search').fill('');
      await page.keyboard.press('Escape');

      await page.evaluate(`location.hash = '#/clusters/${vms.data.id}'`);
      await editorReady(page, 'cluster-editor');
      await page.locator('[data-host="r01-h003"]').click();
      await page.locator('[data-host="r01-h005"]').click({ modifiers: ['Control'] });
      for (const scheme of ['light', 'dark'] as const) {
        await colourScheme(page, scheme);
        expect(fs.statSync(await screenshot(page, `topology-editor-${scheme}`)).size).toBeGreaterThan(10000);
      }
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});
