// Monthly estimates from what the service says: a stacklet's size plus its image, against the emulator's own
// stacklets read through the client; the change a confirmation shows, signed, with a true minus sign.
import * as assert from 'node:assert/strict';
import { StackletClient } from '../../src/api/client';
import type * as s from '../../src/api/schemas';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { addChanges, breakdown, clusterMonthly, deletionChange, formatMonthly, formatMonthlyChange, formatUsd, MAX_MONTHLY, monthlyChangeWords, nodePoolMonthly, notEstimatedWords, priceChange, resizeChange, stackletPrice, total } from '../../src/model/cost';
import { formatMoney } from '../../src/model/format';
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

  it('writes dollars as en-US does, without Intl', () => {
    const intl = (value: number) => `$${Math.abs(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    // Half cents as written (1.005 is 1.00499… as a double), thousands, the bounds, and the exponent forms; then
    // 20,000 amounts of up to three decimals, a tenth of them half a cent.
    const values = [0, 0.004, 0.005, 0.015, 1.005, 2.675, 8.345, 12, 1234.5, 999.995, 999999.995, 1_000_000, 123_456_789.125, 1e-7, -3, -0.005, 4.35];
    let seed = 7;
    for (let i = 0; i < 20_000; i++) {
      seed = (seed * 48_271) % 2_147_483_647;
      values.push((seed % 100_000_000) / 1_000);
    }
    for (const value of values) assert.equal(formatUsd(value), intl(value), String(value));
    assert.deepEqual([formatUsd(Number.NaN), formatUsd(Number.POSITIVE_INFINITY)], ['?', '?']);
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

  describe('a price or count the service sends that cannot be believed is not estimated', () => {
    // Negative, not finite, over $1,000,000 a month for one item, or not a number at all (what a hostile or
    // broken service could send; the schema lets strings and any number through).
    const UNBELIEVABLE: readonly unknown[] = [-5, -0.01, 1e308, '1e308', Infinity, 'Infinity', NaN, 'NaN', MAX_MONTHLY + 0.01, '1e7', 'twelve', '12 USD', true, {}, []];
    const sized = (price: unknown) => ({ ...named('web-1'), size: { ...named('web-1').size, price_monthly: price as number } });
    const imaged = (price: unknown) => ({ ...named('web-1'), distribution: { name: 'x', image: { slug: 'x', extra_price: price as string, available: true } } });

    it('a stacklet whose size or image price is one of them has no estimate, so deleting it saves nothing it says', () => {
      for (const price of UNBELIEVABLE) {
        for (const stacklet of [sized(price), imaged(price)]) {
          assert.equal(stackletPrice(stacklet), undefined, JSON.stringify(price));
          assert.equal(monthlyChangeWords(deletionChangeOf(refTo('stacklet', stacklet))), 'not estimated', `${JSON.stringify(price)}: no "+$5.00/mo" for a delete`);
        }
      }
      assert.equal(stackletPrice({ ...sized(1e308), distribution: imaged('1e308').distribution }), undefined, 'no $∞/mo');
      assert.deepEqual(stackletPrice(sized(MAX_MONTHLY)), { size: MAX_MONTHLY, image: 0, total: MAX_MONTHLY }, 'the bound itself is believed');
      assert.equal(stackletPrice({ ...sized(MAX_MONTHLY), distribution: imaged(1).distribution }), undefined, 'size and image together over the bound');
      assert.deepEqual(stackletPrice(sized('0.0000')), { size: 0, image: 0, total: 0 }, 'free is a price');
    });

    it('a bulk delete of such stacklets leaves them out of its total and counts them; the total of valid ones stays a figure', () => {
      const changes = [sized(-5), sized(1e308), imaged('1e308'), named('web-1'), named('db-1')].map((stacklet) => deletionChangeOf(refTo('stacklet', stacklet)));
      const change = addChanges(changes);
      assert.deepEqual(change, { dollars: -36, unestimated: 3 });
      assert.equal(formatMonthlyChange(change.dollars), '\u2212$36.00/mo');
      const account = total([sized(-5), imaged('1e308'), sized('nope'), named('web-1')]);
      assert.deepEqual(account, { key: 'all', dollars: 12, count: 4, unpriced: 3 });
      assert.equal(notEstimatedWords(account.unpriced), '3 not estimated');
      assert.equal(notEstimatedWords(0), undefined);
      // The most a listing can hold, each just under the bound: a finite figure, exact to the cent.
      const most = addChanges(Array.from({ length: 50_000 }, () => deletionChange(MAX_MONTHLY - 0.01)));
      assert.equal(most.dollars, -(50_000 * MAX_MONTHLY - 500));
      assert.equal(formatMonthlyChange(most.dollars), '\u2212$49,999,999,500.00/mo');
      const many = total(Array.from({ length: 50_000 }, (_, i) => ({ ...sized(MAX_MONTHLY), id: i })));
      assert.equal(formatMonthly(many.dollars), '$50,000,000,000.00/mo');
    });

    it('a node pool whose count is negative, fractional or absurd, or whose price is unbelievable, leaves its cluster unestimated', async () => {
      const [cluster] = (await client.listKubernetesClusters()).items;
      const pool = cluster!.node_pools[0]!;
      for (const count of [-3, 1.5, NaN, Infinity, 1e9]) {
        assert.equal(nodePoolMonthly({ ...pool, count }), undefined, String(count));
        const broken = { ...cluster!, node_pools: [{ ...pool, count }, ...cluster!.node_pools.slice(1)] };
        assert.equal(clusterMonthly(broken), undefined, `count ${count}: no negative cluster estimate`);
        assert.equal(monthlyChangeWords(deletionChangeOf(refTo('cluster', broken))), 'not estimated');
      }
      assert.equal(nodePoolMonthly({ ...pool, count: 0 }), 0);
      assert.equal(nodePoolMonthly({ ...pool, size: { ...pool.size, price_monthly: -24 } }), undefined);
      assert.equal(nodePoolMonthly({ ...pool, size: { ...pool.size, price_monthly: MAX_MONTHLY }, count: 2 }), undefined, 'a pool over the bound');
    });

    it('a resize to or from such a price, and a price shown in a picker, say nothing rather than nonsense', () => {
      assert.equal(resizeChange(named('web-1'), { price_monthly: -5 }), undefined);
      assert.equal(priceChange(1e308, 12), undefined);
      assert.equal(priceChange('12.00', 24), 12);
      assert.deepEqual([formatMoney(-5), formatMoney('1e308'), formatMoney(Infinity), formatMoney(12), formatMoney('0.0070')], ['?', '?', '?', '$12.00', '$0.0070']);
    });
  });
});
