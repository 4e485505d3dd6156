/** What can be done to an SSH key, each defined once (src/actions/definition.ts). No vscode import. */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import type { ActionDefinition } from '../../actions/definition';
import { deleteAction } from '../../actions/deletion';
import { createAction } from '../../actions/creation';
import { button } from '../../actions/buttons';
import { check, text } from '../../actions/fields';
import { checkName, checkSshPublicKey, parseSshPublicKey, sshKeyFingerprint } from '../../api/validators';

const create = createAction({
  kind: 'sshKey',
  title: 'Add an SSH key',
  description: 'Adds an SSH public key: name and publicKey. Refused when the key is not one the service takes (type, data, length).',
  shape: {
    name: text('The name it is listed under.'),
    publicKey: z.string().check(z.minLength(1), z.maxLength(16_384), z.describe('One line of a .pub file: its type (ssh-ed25519, ssh-rsa…), base64 data and an optional comment.')),
  },
  checkName,
  progress: (name) => l10n.t('Adding SSH key {0}…', name),
  failure: (name) => l10n.t('Could not add SSH key {0}', name),
  plan: async (ctx, input) => {
    // The same check as Add SSH Key's prompt, in its words.
    check('publicKey', checkSshPublicKey(input.publicKey));
    const publicKey = input.publicKey.trim();
    const parsed = parseSshPublicKey(publicKey);
    const fingerprint = 'key' in parsed ? sshKeyFingerprint(parsed.key) : '';
    const known = (await ctx.store.get('sshKey').catch(() => undefined))?.items.find((key) => key.fingerprint === fingerprint);
    return {
      change: { create: { name: input.name, fingerprint } },
      words: (literal) => ({
        question: l10n.t('Add SSH key {0}?', literal(input.name)),
        detail: [
          l10n.t('Fingerprint {0}.', fingerprint),
          known ? l10n.t('The account has this key already, as {0}.', literal(known.name)) : undefined,
        ].filter(Boolean).join('\n'),
        button: button.add(),
      }),
      request: () => ctx.client.createSshKey({ name: input.name, public_key: publicKey }),
    };
  },
});

export const SSH_KEY_OPERATIONS: readonly ActionDefinition[] = [
  create,
  deleteAction({
    kind: 'sshKey',
    what: 'an SSH key',
    description: 'Deletes an SSH key (id) from the account: stacklets that already have it keep it; new stacklets can no longer be given it.',
    ask: (_ctx, ref) => ({
      words: (literal) => ({
        question: l10n.t('Delete SSH key {0}?', literal(ref.name)),
        detail: [
          ref.data.fingerprint ? l10n.t('Fingerprint {0}.', literal(ref.data.fingerprint)) : undefined,
          l10n.t('Stacklets that already have the key keep it; new stacklets can no longer be given it.'),
        ].filter(Boolean).join('\n'),
        button: button.delete(),
      }),
    }),
    failure: (name) => l10n.t('Could not delete SSH key {0}', name),
    request: (ctx, ref) => ctx.client.deleteSshKey(ref.data.id),
  }),
];
