// Doors table rows: what agents could not create before (issue 34), where a command is the person's door: an SSH
// key added (its pasted key and name), a tag made on a stacklet and a tag deleted. Firewall create and update and
// userdata create and update have no command: their person's door is the resource's document (./documents.ts).
import type { DoorKit, DoorRow } from './row';

interface Stacklet {
  id: number;
  name: string;
}

/** A public half made with ssh-keygen for the tests (no private key exists anywhere). */
const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHDc49KajYR74+O+EjN0A3bLoIRBuok1bKUvtYkmnvfl me@ed25519';
const KEY_NAME = 'doors-key';
const NEW_TAG = 'doors-new';
const OLD_TAG = 'doors-old';
// Not tagged production: the agents' protected tags leave it to them.
const CARRIER = 'worker-1';

const carrier = async (kit: DoorKit) => (await kit.get<{ stacklets: Stacklet[] }>('/v1/stacklets?per_page=200')).stacklets.find((s) => s.name === CARRIER)!;

/** The tag `name` gone, around the extension, when the door before made or left it. */
async function withoutTag(kit: DoorKit, name: string): Promise<void> {
  const tags = (await kit.get<{ tags: { name: string }[] }>('/v1/tags?per_page=200')).tags;
  if (tags.some((tag) => tag.name === name)) await kit.change('DELETE', `/v1/tags/${name}`);
}

export const ROWS: readonly DoorRow[] = [
  {
    tool: 'stacklet_manage_sshKey',
    action: 'create',
    command: 'stacklet.addSshKey',
    prepare: async (kit) => {
      const made = (await kit.get<{ ssh_keys: { id: number; name: string }[] }>('/v1/ssh_keys?per_page=200')).ssh_keys.find((key) => key.name === KEY_NAME);
      if (made) await kit.change('DELETE', `/v1/ssh_keys/${made.id}`);
      await kit.invalidate('sshKey');
      // The review the wizard ends in is its confirmation.
      return { input: { name: KEY_NAME, publicKey: KEY }, args: async () => [], script: [{ pick: 'Paste a Public Key…' }, { input: KEY }, { input: KEY_NAME }, { choose: 'Add' }] };
    },
    sends: () => [['POST', '/v1/ssh_keys', { name: KEY_NAME, public_key: KEY }]],
  },
  {
    tool: 'stacklet_manage_tag',
    action: 'create',
    command: 'stacklet.newTag',
    prepare: async (kit) => {
      await withoutTag(kit, NEW_TAG);
      await kit.invalidate('tag', 'stacklet');
      const stacklet = await carrier(kit);
      return { input: { name: NEW_TAG, stacklets: [stacklet.id] }, args: async () => [], script: [{ input: NEW_TAG }, { many: [CARRIER] }, { choose: 'Create' }] };
    },
    sends: ({ input }) => [['POST', '/v1/tags', { name: NEW_TAG, stacklet_ids: input['stacklets'] }]],
  },
  {
    tool: 'stacklet_manage_tag',
    action: 'delete',
    command: 'stacklet.deleteTag',
    prepare: async (kit) => {
      await withoutTag(kit, OLD_TAG);
      await kit.change('POST', '/v1/tags', { name: OLD_TAG, stacklet_ids: [(await carrier(kit)).id] });
      await kit.invalidate('tag', 'stacklet');
      return { input: { id: OLD_TAG }, args: async () => [await kit.node('account', 'tag', OLD_TAG)], script: [{ choose: 'Delete' }] };
    },
    // No body is sent: the emulator records a request without one as {}.
    sends: () => [['DELETE', '/v1/tags/:name', {}]],
  },
];
