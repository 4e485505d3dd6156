// A document's save as the editor sends it (src/editors/documentEditors.ts, runDefined): the document kind's
// `update` or `create` definition planned for the document's state, then sent through the gate. Plain Node, so
// the document kinds' tests drive the same road against the emulator.
import { actionContext } from '../../../src/actions/context';
import type { ActionContext, ActionPlan } from '../../../src/actions/definition';
import { plan, send } from '../../../src/actions/runner';
import type { StackletClient } from '../../../src/api/client';
import type { AnyDocumentKind } from '../../../src/documents/documentKind';
import { appliedOutcome, IncompleteApply, type ApplyOutcome } from '../../../src/documents/outcome';
import { definitionOf } from '../../../src/kinds/operations';
import { ResourceStore } from '../../../src/kinds/resourceStore';

export function documentContext(client: StackletClient, apiUrl: string): ActionContext {
  return actionContext({ account: { apiUrl, isEmulator: false }, client, store: new ResourceStore(client) });
}

/** A planned save: its plan (refused before anything is sent, as the editor asks), and the send, step by step. */
export async function planSave(ctx: ActionContext, kind: AnyDocumentKind, next: unknown, id: string): Promise<{ plan: ActionPlan; send: () => Promise<ApplyOutcome> }> {
  const planned = await plan(ctx, definitionOf(kind.listing, 'update'), kind.updateInput(next, id));
  return {
    plan: planned,
    send: async () => {
      try {
        const data = await send(ctx, planned, 'document', undefined);
        return appliedOutcome(data);
      } catch (error) {
        if (error instanceof IncompleteApply) return error.outcome;
        throw error;
      }
    },
  };
}

/** A save planned and sent at once. */
export async function save(ctx: ActionContext, kind: AnyDocumentKind, next: unknown, id: string): Promise<ApplyOutcome> {
  return (await planSave(ctx, kind, next, id)).send();
}

/** A new resource's document saved: created through the kind's create definition; its ID and name. */
export async function createFrom(ctx: ActionContext, kind: AnyDocumentKind, next: unknown): Promise<{ id: string; name: string; task: unknown }> {
  const planned = await plan(ctx, definitionOf(kind.listing, 'create'), kind.createInput(next));
  const data = await send(ctx, planned, 'document', undefined);
  const resource = data['resource'] as { id: string | number; name: string };
  return { id: String(resource.id), name: resource.name, task: data['task'] };
}
