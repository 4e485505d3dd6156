// Monthly estimates from what the service says: a stacklet's size plus its image, against the emulator's own
// stacklets read through the client; the change a confirmation shows, signed, with a true minus sign.
import * as assert from 'node:assert/strict';
import { StackletClient } from '../../src/api/client';
import type * as s from '../../src/api/schemas';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { addChanges, breakdown, clusterMonthly, deletionChange, formatMonthly, formatMonthlyChange, formatUsd, monthlyChangeWords, resizeChange, stackletPrice, total } from '../../src/model/cost';
import { deletionChangeOf, monthlyOf, refTo } from '../../src/kinds/registry';

describe('cost estimates', () => {
  let emu: EmulatorHandle;
  let client: StackletClient;
  let stacklets: s.Stacklet[];

  before(async () => {
    emu = await startEmulator({ port: 0 });
    client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken });
    stacklets = (await client.listStacklets()).items;
  });

  after(async () => {
    await client.dispose();
    await emu.close();
  });

  const named = (name: string) => stacklets.find((stacklet) => stacklet.name === name)!;

  it("estimates a stacklet as its size's price_monthly plus its image's extra_price", () => {
    const web1 = named('web-1');
    assert.deepEqual(stackletPrice(web1), { size: 12, image: 0, total: 12 });
    const paid = { ...web1, distribution: { name: 'Windows', image: { slug: 'win', extra_price: '7.5000', available: true } } };
    assert.deepEqual(stackletPrice(paid), { size: 12, image: 7.5, total: 19.5 });
    assert.equal(monthlyOf(refTo('stacklet', paid)), 19.5, 'the registry answers the same estimate');
    const unpriced = { ...web1, size: { ...web1.size, price_monthly: undefined } };
    assert.equal(stackletPrice(unpriced), undefined, 'no price for the size: no estimate');
  });

  it('estimates a cluster from its node pools: price per node times the nodes', async () => {
    const [cluster] = (await client.listKubernetesClusters()).items;
    assert.equal(clusterMonthly(cluster!), 3 * 24, 'three b-2vcpu-4gb nodes');
    assert.equal(monthlyOf(refTo('volume', (await client.listVolumes()).items[0]!)), undefined, 'volumes carry no price');
  });

  it('adds changes up, counting those that could not be estimated', () => {
    const web1 = named('web-1');
    const db1 = named('db-1');
    assert.deepEqual(addChanges([deletionChange(12), deletionChange(24), deletionChange(undefined)]), { dollars: -36, unestimated: 1 });
    assert.equal(resizeChange(web1, { price_monthly: 24 }), 12);
    assert.equal(resizeChange(db1, { price_monthly: 12 }), -12);
    assert.equal(resizeChange(db1, { price_monthly: undefined }), undefined);
  });

  it('writes changes signed, with a true minus sign, and amounts in US dollars', () => {
    assert.equal(formatMonthlyChange(12), '+$12.00/mo');
    assert.equal(formatMonthlyChange(-48), '\u2212$48.00/mo');
    assert.equal(formatMonthlyChange(0), '$0.00/mo');
    assert.equal(formatMonthlyChange(0.004), '$0.00/mo', 'less than a cent is no change');
    assert.equal(formatMonthly(1234.5), '$1,234.50/mo');
    assert.equal(formatUsd(-3), '$3.00');
    assert.deepEqual([monthlyChangeWords(-48), monthlyChangeWords(0), monthlyChangeWords(undefined)], ['\u2212$48.00/mo', 'no change', 'not estimated']);
  });

  it('says what a delete saves, for the kinds whose items carry a price', async () => {
    assert.equal(deletionChangeOf(refTo('stacklet', named('db-1'))), -24);
    assert.equal(monthlyChangeWords(deletionChangeOf(refTo('stacklet', named('worker-1')))), '\u2212$84.00/mo');
    const [cluster] = (await client.listKubernetesClusters()).items;
    assert.equal(deletionChangeOf(refTo('cluster', cluster!)), -72);
    assert.equal(deletionChangeOf(refTo('vpc', (await client.listVpcs()).items[0]!)), undefined, 'a VPC has no price: not estimated');
  });

  it('breaks the account down by region and by tag (a stacklet with two tags counts in both)', () => {
    const all = total(stacklets);
    assert.equal(all.count, stacklets.length);
    assert.equal(all.dollars, stacklets.reduce((sum, stacklet) => sum + stackletPrice(stacklet)!.total, 0));
    const byRegion = breakdown(stacklets, (stacklet) => [stacklet.region.slug]);
    assert.equal(byRegion.reduce((sum, bucket) => sum + bucket.dollars, 0), all.dollars, 'regions add up to the total');
    assert.deepEqual(byRegion.find((bucket) => bucket.key === 'fra'), { key: 'fra', dollars: 12 + 12 + 24, count: 3, unpriced: 0 });
    assert.ok(byRegion.every((bucket, i) => i === 0 || byRegion[i - 1]!.dollars >= bucket.dollars), 'largest first');
    const byTag = breakdown([...stacklets, { ...named('blog'), id: 999, tags: [] }], (stacklet) => stacklet.tags, '(none)');
    assert.equal(byTag.find((bucket) => bucket.key === 'production')!.dollars, 48);
    assert.equal(byTag.find((bucket) => bucket.key === 'web')!.count, 4);
    assert.deepEqual(byTag.find((bucket) => bucket.key === '(none)'), { key: '(none)', dollars: 6, count: 1, unpriced: 0 });
  });
});
