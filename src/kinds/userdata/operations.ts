/** What can be done to a userdata script, each defined once (src/actions/definition.ts). No vscode import. */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import { resolve } from '../../agent/reads';
import { define, type ActionDefinition } from '../../actions/definition';
import { deleteAction } from '../../actions/deletion';
import { createAction } from '../../actions/creation';
import { answered, head } from '../../actions/answers';
import { button } from '../../actions/buttons';
import { check, targetId, text } from '../../actions/fields';
import { refuse } from '../../actions/conditions';
import { checkName, checkUserdata, USERDATA_MAX_BYTES } from '../../api/validators';
import { describeUserdataChange, userdataCreateWords, userdataDiff } from './document';
import { applyQuestion } from '../../model/actionWords';

const noun = () => l10n.t('userdata script');

/** One description each for both actions' fields, so that the tool's schema gives it once. */
const NAME = 'Its name (update: absent, it stays).';
const CONTENT = 'The whole script (update: absent, it stays).';

/** The script's text: what a stacklet created with it runs at its first boot. */
const content = (description: string) => z.string().check(z.minLength(1), z.maxLength(USERDATA_MAX_BYTES), z.describe(description));

const create = createAction({
  kind: 'userdata',
  title: 'Create a userdata script',
  description: 'Creates a userdata script: name and content (what a stacklet made with it runs once at first boot: #!/bin/bash…, or #cloud-config; at most 64 KB).',
  shape: {
    name: text(NAME),
    content: content(CONTENT),
  },
  // The userdata document's checks, in its words.
  checkName,
  progress: (name) => l10n.t('Creating {0}…', `${noun()} ${name}`),
  failure: (name) => l10n.t('Could not create {0}', `${noun()} ${name}`),
  plan: async (ctx, input) => {
    check('content', checkUserdata(input.content, 'content'));
    return {
      change: { create: { name: input.name, bytes: Buffer.byteLength(input.content, 'utf8') } },
      // The new userdata document's words (src/editors/documentEditors.ts).
      words: (literal) => ({
        question: l10n.t('Create {0} on Stacklet Cloud?', `${noun()} ${literal(input.name)}`),
        detail: userdataCreateWords({ name: literal(input.name), userdata: input.content }).join('\n'),
      }),
      request: () => ctx.client.createUserdata({ name: input.name, userdata: input.content }),
    };
  },
});

const update = define({
  kind: 'userdata',
  action: 'update',
  title: 'Replace a userdata script',
  description: 'Replaces a userdata script (id): content and/or name. Refused when nothing changes.',
  shape: {
    id: targetId('userdata script'),
    content: z.optional(content(CONTENT)),
    name: z.optional(text(NAME)),
  },
  // The old script is replaced, not kept beside the new one.
  destructive: true,
  plan: async (ctx, input) => {
    if (input.name !== undefined) check('name', checkName(input.name, 'name'));
    if (input.content !== undefined) check('content', checkUserdata(input.content, 'content'));
    const ref = await resolve(ctx, 'userdata', String(input.id));
    const script = await ctx.client.getUserdata(String(ref.id));
    const current = { name: script.name ?? ref.name, userdata: script.userdata };
    const next = { name: input.name ?? current.name, userdata: input.content ?? current.userdata };
    const change = userdataDiff(current, next);
    if (!change.renamed && !change.scriptChanged) refuse(ref, 'unchanged', l10n.t('This is its name and script already: nothing would change.'));
    return {
      resources: [{ ...head(ref), role: 'target' }],
      change: { ...(change.renamed ? { name: { from: current.name, to: next.name } } : {}), ...(change.scriptChanged ? { script: { linesBefore: change.linesBefore, bytes: Buffer.byteLength(next.userdata, 'utf8') } } : {}) },
      failure: l10n.t('Could not change {0}', `${noun()} ${ref.name}`),
      progress: l10n.t('Applying to {0}…', `${noun()} ${ref.name}`),
      words: (literal) => ({
        question: applyQuestion(`${noun()} ${literal(ref.name)}`),
        detail: describeUserdataChange({ ...change, next: { ...next, name: literal(next.name) } }).join('\n'),
        button: button.apply(),
      }),
      // A document's save reports what was applied.
      send: async () => ({ ...answered(ctx, 'userdata', await ctx.client.updateUserdata(script.uuid, next)), applied: [l10n.t('update the script')] }),
    };
  },
});

export const USERDATA_OPERATIONS: readonly ActionDefinition[] = [
  create,
  update,
  deleteAction({
    kind: 'userdata',
    what: 'a userdata script',
    description: 'Deletes a userdata script (id) from the account: stacklets created with it keep what it did.',
    ask: (_ctx, ref) => ({
      words: (literal) => ({
        question: l10n.t('Delete userdata script {0}?', literal(ref.name)),
        detail: l10n.t('The script is deleted from Stacklet Cloud. Stacklets created with it keep what it did.'),
        button: button.delete(),
      }),
    }),
    failure: (name) => l10n.t('Could not delete userdata script {0}', name),
    request: (ctx, ref) => ctx.client.deleteUserdata(ref.data.uuid),
  }),
];
