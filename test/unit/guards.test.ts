// The limits a person sets for agents: access, protected tags and the spending limit, as the one guard every
// door's plan passes; a refusal names its rule and keeps the service's names out of its message.
import * as assert from 'node:assert/strict';
import { accessOf, DEFAULT_MONTHLY_LIMIT, DEFAULT_PROTECTED_TAGS, guardAgentPlan, monthlyLimitOf, protectedTagsOf, SpendingLedger, spendingWords, type AgentLimits, type GuardedPlan } from '../../src/agent/guards';
import { ActionRefusal } from '../../src/actions/refusals';

const limits = (over: Partial<AgentLimits> = {}): AgentLimits => ({ access: 'ask', protectedTags: DEFAULT_PROTECTED_TAGS, monthlyLimit: 50, ...over });
const hostile = 'web-1 [open](command:workbench.action.terminal.new)';
const plan = (monthlyChangeUsd: number | undefined, tags: string[] = []): GuardedPlan => ({ resources: [{ kind: 'stacklet', id: 1001, name: hostile, tags }], monthlyChangeUsd });

function refusal(work: () => void): ActionRefusal {
  try {
    work();
  } catch (error) {
    assert.ok(error instanceof ActionRefusal, String(error));
    assert.equal(error.message.includes(hostile), false, 'a service name never stands in the message');
    return error;
  }
  assert.fail('not refused');
}

describe('agent guards', () => {
  it('lets a write through only at access "ask"', () => {
    guardAgentPlan(plan(0), limits(), new SpendingLedger());
    for (const access of ['read', 'off'] as const) assert.equal(refusal(() => guardAgentPlan(plan(0), limits({ access }), new SpendingLedger())).reason, 'access');
  });

  it('reads settings strictly: an unknown access falls back to the stricter level given, odd values to the defaults', () => {
    assert.equal(accessOf('ask', 'read'), 'ask');
    assert.equal(accessOf('write', 'read'), 'read');
    assert.equal(accessOf(undefined, 'ask'), 'ask');
    assert.deepEqual(protectedTagsOf([' prod ', 3, '', 'Production']), ['prod', 'Production']);
    assert.deepEqual(protectedTagsOf('protected'), DEFAULT_PROTECTED_TAGS);
    assert.equal(monthlyLimitOf(20), 20);
    assert.equal(monthlyLimitOf(-1), DEFAULT_MONTHLY_LIMIT);
    assert.equal(monthlyLimitOf('1000'), DEFAULT_MONTHLY_LIMIT);
  });

  it('refuses a plan touching a resource with a protected tag, whatever its case, naming tag and resource as fields', () => {
    const refused = refusal(() => guardAgentPlan(plan(0, ['web', 'Production']), limits(), new SpendingLedger()));
    assert.equal(refused.reason, 'protected');
    assert.deepEqual(refused.facts, { tag: 'Production' });
    assert.deepEqual(refused.resource, { kind: 'stacklet', id: 1001, name: hostile });
    assert.match(refused.message, /from the Stacklet Cloud views/);
    guardAgentPlan(plan(0, ['production']), limits({ protectedTags: [] }), new SpendingLedger());
  });

  it('adds up only increases, and refuses the plan that would pass the limit with where the session stands', () => {
    const ledger = new SpendingLedger();
    guardAgentPlan(plan(24), limits(), ledger);
    ledger.add(24);
    ledger.add(-48);
    assert.equal(ledger.total, 24, 'a saving buys no room');
    assert.equal(spendingWords(ledger, plan(12), limits()), "this session's agent changes: $36.00/mo of $50.00/mo");
    guardAgentPlan(plan(26), limits(), ledger);
    const refused = refusal(() => guardAgentPlan(plan(26.01), limits(), ledger));
    assert.equal(refused.reason, 'spendingLimit');
    assert.deepEqual(refused.facts, { spentUsd: 24, limitUsd: 50, leftUsd: 26, monthlyChangeUsd: 26.01 });
    guardAgentPlan(plan(-10), limits(), ledger);
  });

  it('lets through, and counts nothing for, a change the service gives no price for, limit or not', () => {
    const ledger = new SpendingLedger();
    guardAgentPlan(plan(undefined), limits({ monthlyLimit: 0 }), ledger);
    ledger.add(undefined);
    assert.equal(ledger.total, 0);
    guardAgentPlan(plan(undefined), limits({ monthlyLimit: Infinity }), ledger);
    assert.equal(spendingWords(new SpendingLedger(), plan(5), limits({ monthlyLimit: Infinity })), "this session's agent changes: $5.00/mo (no limit)");
  });
});
