// One road for every door's apply (src/documents/account/applyDocument.ts), against the emulator over HTTP: an
// account that moves elsewhere while the question is read (another stacklet renamed) sends the confirmed steps
// without asking again; one whose move changes the steps asks again, saying the plan was made again.
import * as assert from 'node:assert/strict';
import { parse } from 'jsonc-parser';
import { exportAccount } from '../../src/documents/account/accountExport';
import { planAccount, readLive } from '../../src/documents/account/accountPlan';
import { applyDocument } from '../../src/documents/account/applyDocument';
import type { ApplyQuestion } from '../../src/documents/account/accountApply';
import { DECLARED_KINDS } from '../../src/kinds/declared';
import { definitionOf } from '../../src/kinds/operations';
import { startAgentEmulator, stopAgentEmulator, type AgentEmulator } from './support/helpers';

type Doc = { stacklets: Record<string, unknown>[] };

describe('applying an account document while the account moves', function () {
  this.timeout(60_000);
  let agent: AgentEmulator;
  beforeEach(async () => (agent = await startAgentEmulator(30, () => Date.now())));
  afterEach(() => stopAgentEmulator(agent));

  /** A document of the first stacklet alone (a selection), renamed; another stacklet's ID. */
  async function renamedFirst(): Promise<{ text: string; first: number; other: number }> {
    const doc = parse(exportAccount(await readLive(agent.ctx.store, DECLARED_KINDS), DECLARED_KINDS, { scope: {} }, { email: 'demo@stacklet.example', readAt: new Date() })) as Doc;
    const [first, other] = doc.stacklets as { id: number; name: string }[];
    const entry = { ...doc.stacklets[0], name: `${first!.name}-renamed` };
    return { text: JSON.stringify({ scope: { selection: true }, stacklets: [entry] }), first: first!.id, other: other!.id };
  }

  const run = (text: string, during: (asked: number) => Promise<void>) => {
    const questions: ApplyQuestion[] = [];
    const applied = applyDocument(async () => ({ ctx: agent.ctx, account: 'demo@stacklet.example' }), {
      trusted: true,
      plan: async () => planAccount(text, await readLive(agent.ctx.store, DECLARED_KINDS), DECLARED_KINDS),
      confirm: async (question) => {
        questions.push(question);
        await during(questions.length);
        return {};
      },
    }, { definitionOf });
    return { applied, questions };
  };

  it('sends the confirmed steps when the account moved elsewhere while the question was read', async () => {
    const { text, first, other } = await renamedFirst();
    const { applied, questions } = run(text, async (asked) => {
      if (asked === 1) await agent.client.renameStacklet(other, 'moved-meanwhile');
    });
    const outcome = await applied;
    assert.equal(outcome.status, 'applied');
    assert.equal(questions.length, 1, 'asked once: the steps are the ones confirmed');
    assert.match((await agent.client.getStacklet(first)).name, /-renamed$/);
  });

  it('asks again, saying the plan was made again, when the move changed the steps', async () => {
    const { text, first } = await renamedFirst();
    const { applied, questions } = run(text, async (asked) => {
      // The stacklet the document renames is renamed meanwhile, to another name: the step's words change.
      if (asked !== 1) return;
      await agent.client.renameStacklet(first, 'someone-else');
      // Its rename is a task of the emulator's (30 ms): what the second question asks about is not busy.
      while ((await agent.client.getStacklet(first)).task) await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const outcome = await applied;
    assert.equal(outcome.status, 'applied');
    assert.equal(questions.length, 2);
    assert.ok(!questions[0]!.lines.join('\n').includes('someone-else'));
    assert.match(questions[1]!.lines.join('\n'), /someone-else/);
    assert.notDeepEqual(questions[1]!.lines[0], questions[0]!.lines[0], 'the second question says first that the plan was made again');
  });
});
