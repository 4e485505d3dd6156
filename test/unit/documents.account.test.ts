// The account as a document (issue 48), against the emulator over HTTP: export → plan gives no changes (the demo
// account, and accounts made at random); each changeable field edited gives exactly that step, applied through
// the definitions the emulator then shows, and planning again gives no changes; what the service cannot do and
// what the document gets wrong are problems on their lines; a fault halfway reports what was done, what failed
// and what did not start, and planning again shows the rest.
import * as assert from 'node:assert/strict';
import { applyPlan, applyQuestion, refusalsBefore, typedWords } from '../../src/documents/account/accountApply';
import { exportAccount } from '../../src/documents/account/accountExport';
import { planAccount, readLive, type AccountPlan } from '../../src/documents/account/accountPlan';
import { DECLARED_KINDS } from '../../src/kinds/declared';
import { definitionOf } from '../../src/kinds/operations';
import { parse } from 'jsonc-parser';
import { seeded, startAgentEmulator, stopAgentEmulator, type AgentEmulator } from './support/helpers';

const TASK_MS = 30;
type Doc = Record<string, Record<string, unknown>[]> & { prune?: boolean; scope?: unknown };

describe('The account as a document ⇄ emulator', function () {
  this.timeout(60_000);
  let agent: AgentEmulator;
  beforeEach(async () => (agent = await startAgentEmulator(TASK_MS, () => Date.now())));
  afterEach(() => stopAgentEmulator(agent));

  const exported = async (choice: Parameters<typeof exportAccount>[2] = { scope: {} }) =>
    exportAccount(await readLive(agent.ctx.store, DECLARED_KINDS), DECLARED_KINDS, choice, { email: 'demo@stacklet.example', readAt: new Date() });
  const planOf = async (text: string) => planAccount(text, await readLive(agent.ctx.store, DECLARED_KINDS), DECLARED_KINDS);
  const edited = async (change: (doc: Doc) => void) => {
    const doc = parse(await exported()) as Doc;
    change(doc);
    return JSON.stringify(doc, null, 2);
  };
  const apply = (plan: AccountPlan) => applyPlan(agent.ctx, plan, typedWords(plan), { definitionOf, pollMs: 20 });
  const summary = (plan: AccountPlan) => plan.steps.map((step) => `${step.kind}.${step.action} ${step.name}`);

  it('exports the demo account, and planning the export gives no changes', async () => {
    const text = await exported();
    const plan = await planOf(text);
    assert.deepEqual(plan.problems, []);
    assert.deepEqual(summary(plan), []);
    const doc = parse(text) as Doc;
    assert.ok(doc['stacklets']!.length > 0 && doc['firewalls']!.length > 0 && doc['volumes']!.length > 0);
    assert.ok(!text.includes('ipv4') && !text.includes('created_at') && !text.includes('password'), 'nothing derived or secret is written');
  });

  it('names exactly the changed field, applies it, and then plans no changes', async () => {
    const text = await edited((doc) => {
      const web = doc['stacklets']!.find((s) => s['power'] === 'on')!;
      web['size'] = 'b-2vcpu-4gb';
      web['tags'] = [...(web['tags'] as string[]), 'reviewed'];
      const firewall = doc['firewalls']![0]!;
      firewall['inbound_rules'] = [...(firewall['inbound_rules'] as unknown[]), { address: '203.0.113.7', port: 8443, protocol: 'tcp' }];
      const net = doc['vpcs']![0]!;
      for (const stacklet of doc['stacklets']!) if (stacklet['vpc'] === net['name']) stacklet['vpc'] = 'renamed-net';
      net['name'] = 'renamed-net';
    });
    const plan = await planOf(text);
    assert.deepEqual(plan.problems, []);
    assert.deepEqual(plan.steps.map((step) => step.changes.map((change) => change.field).join(',')).sort(), ['inbound_rules', 'name', 'size', 'tags'].sort());
    assert.ok(plan.monthlyChangeUsd > 0, 'a larger size costs more');
    const report = await apply(plan);
    assert.equal(report.complete, true, report.message);
    assert.deepEqual(summary(await planOf(text)), [], 'applying twice gives no changes');
  });

  it('creates what has no id, in dependency order, and referring by name', async () => {
    const text = await edited((doc) => {
      doc['vpcs']!.push({ name: 'lab-net', region: 'fra', cidr: '10.77.0.0/24' });
      doc['stacklets']!.push({ name: 'lab-1', region: 'fra', size: 'b-1vcpu-1gb', image: 'ubuntu-22-04-x64', vpc: 'lab-net', tags: ['lab'] });
      doc['volumes']!.push({ name: 'lab-data', sizeGigabytes: 10, stacklet: 'lab-1' });
    });
    const plan = await planOf(text);
    assert.deepEqual(plan.problems, []);
    assert.deepEqual(summary(plan), ['vpc.create lab-net', 'stacklet.create lab-1', 'volume.create lab-data']);
    assert.deepEqual(plan.steps.map((step) => step.level), [0, 1, 2]);
    assert.deepEqual(plan.steps.map((step) => step.monthlyChangeUsd === undefined), [false, false, true], 'the service prices no volume: its create is not estimated, not free');
    assert.equal(plan.notEstimated, 1);
    const report = await apply(plan);
    assert.equal(report.complete, true, report.message);
    const again = await planOf(await exported());
    assert.deepEqual(summary(again), []);
    const doc = parse(await exported()) as Doc;
    assert.equal(doc['volumes']!.find((v) => v['name'] === 'lab-data')!['stacklet'], 'lab-1');
    assert.equal(doc['stacklets']!.find((s) => s['name'] === 'lab-1')!['vpc'], 'lab-net');
  });

  it('leaves alone what the document lacks, unless it says prune; then asks the names typed once', async () => {
    const text = await edited((doc) => {
      doc['snapshots'] = doc['snapshots']!.slice(1);
    });
    const plan = await planOf(text);
    assert.deepEqual(summary(plan), []);
    assert.equal(plan.leftAlone.length, 1);
    const pruned = await planOf(text.replace('"prune": false', '"prune": true'));
    assert.deepEqual(pruned.steps.map((step) => step.op), ['delete']);
    assert.match(typedWords(pruned)!, /^delete snapshot /);
    assert.match(applyQuestion(pruned, 'demo@stacklet.example').question, /Apply 1 step/);
    const wrong = await applyPlan(agent.ctx, pruned, 'delete everything', { definitionOf, pollMs: 20 });
    assert.equal(wrong.complete, false, 'a wrong typed text sends nothing');
    assert.equal((await planOf(text.replace('"prune": false', '"prune": true'))).steps.length, 1);
    const right = await apply(pruned);
    assert.equal(right.complete, true, right.message);
  });

  it('prunes by rank: a failed volume\'s deletion holds back the stacklet\'s, not the other volume\'s, and no prune lists the other steps', async () => {
    let loose: Record<string, unknown>[] = [];
    const text = (await edited((doc) => {
      loose = doc['volumes']!.filter((v) => v['stacklet'] === null || v['stacklet'] === undefined).slice(0, 2);
      const whole = JSON.stringify(doc);
      // A stacklet no other entry names (a volume, a firewall, a load balancer), so that its prune leaves no dangling name.
      const stacklet = doc['stacklets']!.find((s) => whole.split(JSON.stringify(s['name'])).length === 2)!;
      doc['volumes'] = doc['volumes']!.filter((v) => !loose.includes(v));
      doc['stacklets'] = doc['stacklets']!.filter((s) => s !== stacklet);
      doc['vpcs']![0]!['name'] = 'ranked-net';
      for (const s of doc['stacklets']!) if (s['vpc'] !== null && s['vpc'] !== undefined) s['vpc'] = 'ranked-net';
    })).replace('"prune": false', '"prune": true');
    assert.equal(loose.length, 2, 'the demo account has two loose volumes');
    const plan = await planOf(text);
    assert.deepEqual(plan.problems, []);
    assert.deepEqual(plan.steps.map((step) => `${step.kind}.${step.action} ${step.level}`), ['vpc.rename 0', 'volume.delete 1', 'volume.delete 1', 'stacklet.delete 2']);
    assert.deepEqual(plan.steps.map((step) => step.after), [[], [], [], []], 'a prune waits by its rank, listing no step');
    // One volume goes before the apply (a co-tenant's delete): its step fails, the stacklet's waits on it.
    const gone = plan.steps[1]!;
    await agent.client.deleteVolume(String((gone.input as { id: unknown }).id));
    const report = await apply(plan);
    assert.deepEqual(report.outcomes.map((o) => `${o.step.kind}.${o.step.action} ${o.status}`), ['vpc.rename done', 'volume.delete failed', 'volume.delete done', 'stacklet.delete not-started']);
  });

  it('prunes an attached volume by detaching it first, then deleting it; a fault halfway is reported and planning again shows the rest', async () => {
    const text = (await edited((doc) => {
      const attached = doc['volumes']!.find((v) => v['stacklet'] !== null)!;
      doc['volumes'] = doc['volumes']!.filter((v) => v !== attached);
      doc['vpcs']![0]!['name'] = 'pruned-net-renamed';
      for (const stacklet of doc['stacklets']!) if (stacklet['vpc'] !== null && stacklet['vpc'] !== undefined) stacklet['vpc'] = 'pruned-net-renamed';
    })).replace('"prune": false', '"prune": true');
    const plan = await planOf(text);
    assert.deepEqual(plan.problems, []);
    assert.deepEqual(plan.steps.map((step) => `${step.kind}.${step.action}`), ['vpc.rename', 'volume.detach', 'volume.delete']);
    assert.deepEqual(plan.steps[2]!.after, [plan.steps[1]!.key], 'the delete waits for the detach');
    // Both are the prune's: they wait on every other step by their rank, above its level, and are listed by none.
    assert.deepEqual(plan.steps.map((step) => [step.level, step.pruneRank]), [[0, undefined], [1, 0], [2, 0]]);
    // The rename fails (a fault on every request for a moment): what waits on it (the pruning) does not start.
    agent.emu.configure({ faultRate: 1, faultKinds: ['http500'] });
    const report = await apply(plan);
    agent.emu.configure({ faultRate: 0 });
    assert.equal(report.complete, false);
    assert.deepEqual(report.outcomes.map((o) => o.status), ['failed', 'not-started', 'not-started']);
    assert.match(report.message, /Applied 0 of 3 steps\. Failed: .*Not started: change volume .*; delete volume .*Plan again to see what is left\./);
    const again = await planOf(text);
    assert.deepEqual(again.steps.map((step) => `${step.kind}.${step.action}`), ['vpc.rename', 'volume.detach', 'volume.delete']);
    const done = await apply(again);
    assert.equal(done.complete, true, done.message);
    assert.deepEqual(summary(await planOf(text)), []);
  });

  it('changes a cluster and its node pools one step after another, and refuses a changed version', async () => {
    const text = await edited((doc) => {
      const cluster = doc['clusters']![0]!;
      const pools = cluster['nodePools'] as Record<string, unknown>[];
      pools[0]!['count'] = (pools[0]!['count'] as number) + 1;
      pools.push({ name: 'extra-pool', size: pools[0]!['size'], count: 1 });
      cluster['name'] = 'renamed-cluster';
    });
    const plan = await planOf(text);
    assert.deepEqual(plan.problems, []);
    assert.deepEqual(plan.steps.map((step) => `${step.kind}.${step.action}`), ['cluster.rename', 'nodePool.resize', 'nodePool.add']);
    assert.deepEqual(plan.steps.map((step) => step.level), [0, 1, 2], 'one at a time: the cluster runs one task at a time');
    assert.ok(plan.monthlyChangeUsd > 0, 'two more nodes cost more');
    const report = await apply(plan);
    assert.equal(report.complete, true, report.message);
    assert.deepEqual(summary(await planOf(text)), []);
    const versioned = await planOf(text.replace(/"version": "[^"]+"/, '"version": "9.99.0-00"'));
    assert.match(versioned.problems.map((p) => p.message).join('\n'), /A cluster's version is not changed here/);
  });

  it('lists the pools a cluster entry lacks as left alone, and deletes them only under prune', async () => {
    const added = await edited((doc) => {
      (doc['clusters']![0]!['nodePools'] as Record<string, unknown>[]).push({ name: 'spare-pool', size: 'b-2vcpu-4gb', count: 1 });
    });
    assert.equal((await apply(await planOf(added))).complete, true);
    const text = await edited((doc) => {
      const cluster = doc['clusters']![0]!;
      cluster['nodePools'] = (cluster['nodePools'] as Record<string, unknown>[]).filter((pool) => pool['name'] !== 'spare-pool');
    });
    const plan = await planOf(text);
    assert.deepEqual(summary(plan), []);
    const cluster = (parse(text) as Doc)['clusters']![0]!;
    assert.deepEqual(plan.leftAlone.map((item) => `${item.kind} ${item.name}`), [`nodePool ${String(cluster['name'])} › spare-pool`]);
    const pruned = await planOf(text.replace('"prune": false', '"prune": true'));
    assert.deepEqual(summary(pruned), ['nodePool.delete spare-pool']);
    assert.deepEqual(pruned.leftAlone, []);
  });

  describe('load balancers', () => {
    const lbOf = async (doc: Doc) => agent.client.getLoadBalancer(String(doc['loadBalancers']![0]!['id']));
    const fields: readonly [string, (lb: Record<string, unknown>) => void, (live: Awaited<ReturnType<typeof lbOf>>) => boolean][] = [
      ['name', (lb) => (lb['name'] = 'renamed-lb'), (live) => live.name === 'renamed-lb'],
      ['algorithm', (lb) => (lb['algorithm'] = 'least_connections'), (live) => live.algorithm === 'least_connections'],
      ['rules', (lb) => (lb['rules'] = [...(lb['rules'] as unknown[]), { protocol: 'tcp', source_port: 8080, target_port: 8080 }]), (live) => live.rules.some((rule) => rule.source_port === 8080)],
      ['health', (lb) => (lb['health'] = { ...(lb['health'] as object), interval: 20 }), (live) => live.health?.interval === 20],
      ['sticky_sessions', (lb) => (lb['sticky_sessions'] = { name: 'lb-cookie', ttl: 300 }), (live) => live.sticky_sessions?.name === 'lb-cookie' && Number(live.sticky_sessions.ttl) === 300],
      ['redirect_http_to_https', (lb) => (lb['redirect_http_to_https'] = !(lb['redirect_http_to_https'] as boolean)), (live) => live.redirect_http_to_https === false],
      ['stacklets', (lb) => (lb['stacklets'] = (lb['stacklets'] as unknown[]).slice(1)), (live) => live.stacklet_ids.length === 1],
    ];
    for (const [field, edit, shows] of fields) {
      it(`names exactly a changed ${field}, applies it, the emulator shows it, and then plans no changes`, async () => {
        const doc = parse(await exported()) as Doc;
        assert.equal(doc['loadBalancers']!.length, 1, 'the demo account has one load balancer');
        assert.ok(!('ip' in doc['loadBalancers']![0]!) && !('created_at' in doc['loadBalancers']![0]!), 'nothing derived is written');
        edit(doc['loadBalancers']![0]!);
        const text = JSON.stringify(doc, null, 2);
        const plan = await planOf(text);
        assert.deepEqual(plan.problems, []);
        assert.deepEqual(plan.steps.map((step) => `${step.kind}.${step.action}: ${step.changes.map((change) => change.field).join(',')}`), [`loadBalancer.update: ${field}`]);
        const report = await apply(plan);
        assert.equal(report.complete, true, report.message);
        assert.ok(shows(await lbOf(doc)), `the emulator shows the new ${field}`);
        assert.deepEqual(summary(await planOf(text)), [], 'applying twice gives no changes');
      });
    }

    it('creates one after the stacklets it lists, and refuses a changed region', async () => {
      const text = await edited((doc) => {
        doc['stacklets']!.push({ name: 'lb-backend', region: 'fra', size: 'b-1vcpu-1gb', image: 'ubuntu-22-04-x64' });
        doc['loadBalancers']!.push({
          name: 'new-lb', region: 'fra', algorithm: 'round_robin', rules: [{ protocol: 'http', source_port: 80, target_port: 8080 }],
          health: { protocol: 'http', port: 8080, path: '/health' }, sticky_sessions: null, redirect_http_to_https: false, stacklets: ['lb-backend', 'web-1'],
        });
      });
      const plan = await planOf(text);
      assert.deepEqual(plan.problems, []);
      assert.deepEqual(summary(plan), ['stacklet.create lb-backend', 'loadBalancer.create new-lb']);
      assert.deepEqual(plan.steps.map((step) => step.level), [0, 1], 'the load balancer waits for its new backend');
      const report = await apply(plan);
      assert.equal(report.complete, true, report.message);
      assert.deepEqual(summary(await planOf(text)), []);
      const made = (parse(await exported()) as Doc)['loadBalancers']!.find((lb) => lb['name'] === 'new-lb')!;
      assert.deepEqual(made['stacklets'], ['lb-backend', 'web-1']);
      const moved = await planOf(text.replace('"region": "fra",\n      "algorithm"', '"region": "ams",\n      "algorithm"'));
      assert.match(moved.problems.map((p) => p.message).join('\n'), /A load balancer's region cannot change: delete it and create one in ams/);
    });
  });

  it('places each problem on its line and plans nothing', async () => {
    const text = await edited((doc) => {
      const web = doc['stacklets']![0]!;
      web['region'] = 'nyc';
      doc['stacklets']!.push({ ...doc['stacklets']![1]!, id: undefined as never });
      doc['volumes']![0]!['sizeGigabytes'] = 1;
      doc['firewalls']![0]!['stacklets'] = ['nobody-has-this-name'];
    });
    const plan = await planOf(text);
    assert.deepEqual(plan.steps, []);
    const lines = (offset: number) => text.slice(0, offset).split('\n').length;
    const messages = plan.problems.map((problem) => `${lines(problem.offset)}: ${problem.message}`);
    assert.ok(plan.problems.some((p) => /region cannot change/.test(p.message) && text.slice(p.offset, p.offset + p.length) === '"nyc"'), messages.join('\n'));
    assert.ok(plan.problems.some((p) => /each needs its own name/.test(p.message)), messages.join('\n'));
    assert.ok(plan.problems.some((p) => /cannot shrink/.test(p.message)), messages.join('\n'));
    assert.ok(plan.problems.some((p) => /no stacklet is named "nobody-has-this-name"/.test(p.message)), messages.join('\n'));
  });

  it('refuses before asking what a command would refuse (a busy stacklet)', async () => {
    const doc = parse(await exported()) as Doc;
    const web = doc['stacklets']!.find((s) => s['power'] === 'on')!;
    await agent.client.powerCycle(web['id'] as number);
    agent.emu.configure({ holdTasks: true } as never);
    web['size'] = 'b-2vcpu-4gb';
    const plan = await planOf(JSON.stringify(doc));
    const refused = await refusalsBefore(agent.ctx, plan, definitionOf);
    assert.equal(refused.length, 1);
    assert.match(refused[0]!.reason, /task|busy/i);
  });

  it('round-trips random accounts', async () => {
    for (const seed of [1, 2, 3]) {
      const random = seeded(seed);
      const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
      const text = await edited((doc) => {
        for (let i = 0; i < 3; i++) doc['stacklets']!.push({ name: `r${seed}-${i}`, region: pick(['fra', 'ams', 'nyc']), size: pick(['b-1vcpu-1gb', 'b-2vcpu-2gb']), image: 'ubuntu-22-04-x64', tags: random() < 0.5 ? ['rnd'] : [], power: pick(['on', 'off']) });
        doc['firewalls']!.push({ name: `fw-${seed}`, inbound_rules: [{ address: '0.0.0.0/0', port: 22, protocol: 'tcp' }], outbound_rules: [], stacklets: [`r${seed}-0`] });
      });
      const plan = await planOf(text);
      assert.deepEqual(plan.problems, []);
      const report = await apply(plan);
      assert.equal(report.complete, true, report.message);
      assert.deepEqual(summary(await planOf(await exported())), [], `seed ${seed}`);
      assert.deepEqual(summary(await planOf(text)), [], `seed ${seed}: the edited document matches`);
    }
  });
});
