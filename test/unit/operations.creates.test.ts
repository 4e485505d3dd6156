// What agents could not do before issue 34's last round, defined once and planned against the emulator over real
// HTTP: a firewall created (its rules checked as the firewall document checks them, a bad one refused naming its
// field) and the stacklets behind one replaced; an SSH key added (checked as Add SSH Key checks it); a userdata
// script created and replaced (checked as the userdata document checks it); a tag made and deleted, in New Tag's
// and Delete Tag's words. Each plan names its resources, then execute sends it and the emulator changes.
import * as assert from 'node:assert/strict';
import type { StackletClient } from '../../src/api/client';
import { ActionInputError, ActionRefusal } from '../../src/actions/refusals';
import { toolInputSchema } from '../../src/actions/writeTool';
import { planAction, writeTool } from '../../src/kinds/operations';
import type { ActionContext } from '../../src/actions/definition';
import { execute } from '../../src/actions/gate';
import type { EmulatorHandle } from '../../src/emulator/server';
import { rejectionOf as rejection, startAgentEmulator, stopAgentEmulator } from './support/helpers';

const TASK_MS = 1000;
const same = (text: string) => text;
/** Public halves made with ssh-keygen for the tests (no private key exists anywhere). */
const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHDc49KajYR74+O+EjN0A3bLoIRBuok1bKUvtYkmnvfl me@ed25519';
const ED25519_MD5 = 'd9:2a:42:75:d1:7b:9a:9a:e7:0e:cc:d1:89:7e:4c:69';

describe('agent creates: firewalls, SSH keys, userdata scripts and tags ⇄ emulator', function () {
  this.timeout(20_000);
  let emu: EmulatorHandle;
  let client: StackletClient;
  let ctx: ActionContext;
  const now = Date.parse('2026-06-01T10:00:00.000Z');
  const stacklet = async (name: string) => (await client.listStacklets()).items.find((item) => item.name === name)!;
  const firewall = async (name: string) => (await client.listFirewalls()).items.find((item) => item.name === name);
  const plan = (kind: string, action: string, input: Record<string, unknown>) => {
    ctx.store.invalidate('stacklet', 'firewall', 'sshKey', 'userdata', 'tag');
    return planAction(ctx, `stacklet_manage_${kind}`, { action, ...input });
  };
  const field = async (kind: string, action: string, input: Record<string, unknown>) => {
    const error = await rejection(plan(kind, action, input), ActionInputError);
    return [error.field, error.message];
  };

  beforeEach(async () => ({ emu, client, ctx } = await startAgentEmulator(TASK_MS, () => now)));
  afterEach(() => stopAgentEmulator({ emu, client, ctx }));

  it('creates a firewall with its rules and stacklets; a bad rule is refused naming its field, in the document\'s words', async () => {
    const rules = { inbound_rules: [{ address: '0.0.0.0/0', port: 443, protocol: 'tcp' }], outbound_rules: [{ address: '0.0.0.0/0' }] };
    assert.deepEqual(await field('firewall', 'create', { name: 'api', ...rules, inbound_rules: [{ address: '0.0.0.0/0', port: 70000 }] }),
      ['inbound_rules.0.port', 'inbound_rules.0.port: port must be from 0 to 65535']);
    assert.equal((await field('firewall', 'create', { name: 'api', ...rules, outbound_rules: [{ address: 'everywhere' }] }))[0], 'outbound_rules.0.address');
    assert.equal((await field('firewall', 'create', { name: 'api', ...rules, inbound_rules: [{ address: '10.0.0.0/8', protocol: 'sctp' }] }))[0], 'inbound_rules.0.protocol');
    assert.equal((await field('firewall', 'create', { name: 'api gateway', ...rules }))[0], 'name');
    assert.equal((await field('firewall', 'create', { name: 'api', ...rules, stacklets: [(await stacklet('blog')).id, 424242] }))[0], 'stacklets.1');
    const web1 = await stacklet('web-1');
    const blog = await stacklet('blog');
    // IDs as the answers give them, a number or its string.
    const planned = await plan('firewall', 'create', { name: 'api', ...rules, stacklets: [String(blog.id), web1.id] });
    assert.deepEqual(planned.resources, [
      { kind: 'firewall', name: 'api', role: 'new' },
      { kind: 'stacklet', id: blog.id, name: 'blog', role: 'stacklet' },
      { kind: 'stacklet', id: web1.id, name: 'web-1', role: 'stacklet' },
      { kind: 'firewall', id: web1.firewall_uuid, name: 'web-firewall', role: 'leaves firewall' },
    ]);
    assert.equal(planned.monthlyChangeUsd, 0);
    const words = planned.words(same);
    assert.equal(words.question, 'Create firewall api on Stacklet Cloud?');
    assert.equal(words.detail, [
      'Name: api', 'Inbound rule: TCP 443 from 0.0.0.0/0', 'Outbound rule: all protocols all ports to 0.0.0.0/0',
      `Attach stacklet ${blog.id}`, `Attach stacklet ${web1.id}`,
      'A stacklet has one firewall: those behind another move to api, and its rules apply to them from now on.',
    ].join('\n'));
    await execute(ctx, planned, { door: 'mcp' });
    const made = (await firewall('api'))!;
    assert.deepEqual([...made.resources.stacklet_ids].sort(), [blog.id, web1.id].sort());
    assert.equal((await stacklet('web-1')).firewall_uuid, made.uuid, 'web-1 moved to it');
  });

  it('updates the stacklets behind a firewall as its document does: those taken out and put behind it named, destructive, unchanged refused', async () => {
    const fw = (await firewall('web-firewall'))!;
    const [web1, web2, worker] = [await stacklet('web-1'), await stacklet('web-2'), await stacklet('worker-1')];
    const definition = writeTool('stacklet_manage_firewall')!.actions.find((action) => action.action === 'update')!;
    assert.equal(definition.destructive, true, 'it replaces the list: a stacklet taken out loses the rules');
    const planned = await plan('firewall', 'update', { id: fw.uuid, stacklets: [web1.id, String(worker.id)] });
    assert.deepEqual(planned.resources, [
      { kind: 'firewall', id: fw.uuid, name: 'web-firewall', role: 'target' },
      { kind: 'stacklet', id: worker.id, name: 'worker-1', role: 'stacklet' },
      { kind: 'stacklet', id: web2.id, name: 'web-2', role: 'detached' },
    ]);
    assert.deepEqual(planned.change, { stacklets: { added: [worker.id], removed: [web2.id] } });
    assert.equal(planned.words(same).question, 'Apply these changes to firewall web-firewall on Stacklet Cloud?');
    assert.equal(planned.words(same).detail, `Detach stacklet web-2 (${web2.id}): it stays, without these rules\nAttach stacklet worker-1 (${worker.id})`);
    await execute(ctx, planned, { door: 'mcp' });
    assert.deepEqual([...(await client.getFirewall(fw.uuid)).resources.stacklet_ids].sort(), [web1.id, worker.id].sort());
    assert.equal((await rejection(plan('firewall', 'update', { id: fw.uuid, stacklets: [worker.id, web1.id] }), ActionRefusal)).reason, 'unchanged');
    assert.equal((await field('firewall', 'update', { id: fw.uuid, stacklets: [web1.id, 'nope'] }))[0], 'stacklets.1');
    // A stacklet a task runs on is not put behind it, as the UI's attach refuses it.
    await client.powerOff(web2.id);
    const busy = await rejection(plan('firewall', 'update', { id: fw.uuid, stacklets: [web2.id] }), ActionRefusal);
    assert.deepEqual([busy.reason, busy.resource.name], ['busy', 'web-2']);
  });

  it('adds an SSH key checked as Add SSH Key checks it, naming a key the account has already', async () => {
    assert.deepEqual(await field('sshKey', 'create', { name: 'mine', publicKey: 'ssh-ed25519' }), ['publicKey', 'publicKey: The key data (AAAA…) is missing after ssh-ed25519.']);
    assert.match((await field('sshKey', 'create', { name: 'mine', publicKey: '-----BEGIN OPENSSH PRIVATE KEY-----' }))[1]!, /private key: never share it/);
    assert.equal((await field('sshKey', 'create', { name: ' ', publicKey: ED25519 }))[0], 'name');
    const planned = await plan('sshKey', 'create', { name: 'me', publicKey: `  ${ED25519}\n` });
    assert.deepEqual(planned.resources, [{ kind: 'sshKey', name: 'me', role: 'new' }]);
    assert.equal(planned.words(same).question, 'Add SSH key me?');
    assert.equal(planned.words(same).detail, `Fingerprint ${ED25519_MD5}.`);
    const data = await execute(ctx, planned, { door: 'mcp' });
    const key = (await client.listSshKeys()).items.find((item) => item.name === 'me')!;
    assert.deepEqual([key.public_key, key.fingerprint], [ED25519, ED25519_MD5]);
    assert.deepEqual(data['resource'], { kind: 'sshKey', id: key.id, name: 'me' });
    const again = await plan('sshKey', 'create', { name: 'me again', publicKey: ED25519 });
    assert.match(again.words(same).detail, /The account has this key already, as me\./);
  });

  it('creates a userdata script and replaces one (destructive), checked as the userdata document checks them', async () => {
    assert.deepEqual(await field('userdata', 'create', { name: 'init', content: '  \n' }), ['content', 'content: content must not be empty']);
    assert.equal((await field('userdata', 'create', { name: 'init', content: 'x'.repeat(65_537) }))[0], 'content');
    const created = await plan('userdata', 'create', { name: 'init', content: '#!/bin/bash\napt-get update\n' });
    assert.equal(created.words(same).question, 'Create userdata script init on Stacklet Cloud?');
    assert.equal(created.words(same).detail, 'Name: init\nScript: 2 lines');
    await execute(ctx, created, { door: 'mcp' });
    const script = (await client.listUserdata()).items.find((item) => item.name === 'init')!;
    assert.equal(script.userdata, '#!/bin/bash\napt-get update\n');

    assert.equal(writeTool('stacklet_manage_userdata')!.actions.find((action) => action.action === 'update')!.destructive, true);
    assert.equal((await rejection(plan('userdata', 'update', { id: script.uuid, content: script.userdata }), ActionRefusal)).reason, 'unchanged');
    const replaced = await plan('userdata', 'update', { id: script.uuid, content: '#!/bin/bash\napt-get update\napt-get -y upgrade\n' });
    assert.equal(replaced.words(same).question, 'Apply these changes to userdata script init on Stacklet Cloud?');
    assert.equal(replaced.words(same).detail, 'New script: 3 lines (was 2); Show Changes lists them.');
    await execute(ctx, replaced, { door: 'mcp' });
    const renamed = await plan('userdata', 'update', { id: script.uuid, name: 'init-2' });
    assert.equal(renamed.words(same).detail, 'Rename to init-2');
    await execute(ctx, renamed, { door: 'mcp' });
    const after = await client.getUserdata(script.uuid);
    assert.deepEqual([after.name, after.userdata], ['init-2', '#!/bin/bash\napt-get update\napt-get -y upgrade\n'], 'a rename keeps the script');
  });

  it('makes a tag on stacklets in New Tag\'s words, and deletes one in Delete Tag\'s, naming each stacklet carrying it', async () => {
    const schema = toolInputSchema(writeTool('stacklet_manage_tag')!) as { properties: Record<string, { enum?: string[]; description?: string }> };
    assert.deepEqual(schema.properties['action']!.enum, ['create', 'delete']);
    assert.match(schema.properties['id']!.description!, /tag's name/);
    assert.deepEqual(await field('tag', 'create', { name: 'web' }), ['name', 'name: The account has a tag "web" already']);
    assert.equal((await field('tag', 'create', { name: 'a,b' }))[0], 'name');
    const [web1, db1] = [await stacklet('web-1'), await stacklet('db-1')];
    const made = await plan('tag', 'create', { name: 'ci-pair', stacklets: [web1.id, String(db1.id)] });
    assert.equal(made.words(same).question, 'Make tag ci-pair?');
    assert.equal(made.words(same).detail, 'It goes on 2 stacklets:\nweb-1\ndb-1');
    await execute(ctx, made, { door: 'mcp' });
    assert.ok((await stacklet('db-1')).tags.includes('ci-pair'));
    assert.ok(ctx.store.peek('stacklet')!.items.find((item) => item.id === web1.id)!.tags.includes('ci-pair'), 'the cached stacklet carries it');

    const deleting = await plan('tag', 'delete', { id: 'ci-pair' });
    assert.deepEqual(deleting.resources.map((resource) => [resource.name, resource.role]), [['ci-pair', 'target'], ['web-1', 'stays'], ['db-1', 'stays']]);
    assert.equal(deleting.destroysData, false);
    const words = deleting.words(same);
    assert.equal(words.question, 'Delete tag ci-pair?');
    assert.equal(words.detail, 'It is taken off the 2 stacklets that carry it:\nweb-1\ndb-1');
    assert.equal(words.button, 'Delete');
    await execute(ctx, deleting, { door: 'mcp' });
    assert.equal((await client.listTags()).items.some((tag) => tag.name === 'ci-pair'), false);
    assert.equal((await stacklet('web-1')).tags.includes('ci-pair'), false);
    assert.equal((await field('tag', 'delete', { id: 'ci-pair' }))[0], 'id');
  });
});
