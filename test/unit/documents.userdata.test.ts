// Userdata scripts as documents: the "#: name:" first line names the script and everything after it is sent
// as it is; problems at their place; create and update against the emulator over real HTTP.
import * as assert from 'node:assert/strict';
import { StackletClient } from '../../src/api/client';
import type { DocumentProblem } from '../../src/documents/documentKind';
import { userdataKind } from '../../src/kinds/userdata/document';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { documentContext, createFrom, planSave, save } from './support/documentSave';

const at = (text: string, p: DocumentProblem) => text.slice(p.offset, p.offset + p.length);

describe('userdata documents', () => {
  it('the first line names the script; the rest is the script, byte for byte (a shebang comes second)', () => {
    const script = '#!/bin/bash\r\necho "#: name: not a header"\n\n';
    const text = userdataKind.render({ name: 'web-init', userdata: script }, { id: 'u', name: 'web-init' });
    assert.equal(text, `#: name: web-init\n${script}`);
    const parsed = userdataKind.parse(text);
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.value, { name: 'web-init', userdata: script });
    assert.ok(userdataKind.parse(userdataKind.template('new-script-1')).ok);
  });

  it('places a missing header on the first line, a bad name on the name, an empty script after the header', () => {
    const missing = '#!/bin/bash\necho hi\n';
    const [first] = userdataKind.parse(missing).problems;
    assert.equal(at(missing, first!), '#!/bin/bash');
    assert.match(first!.message, /#: name: <name>/);
    const bad = '#: name: \u0007bell\necho hi\n';
    const [name] = userdataKind.parse(bad).problems;
    assert.equal(at(bad, name!), '\u0007bell');
    assert.match(name!.message, /control characters/);
    const empty = '#: name: x\n  \n';
    const [script] = userdataKind.parse(empty).problems;
    assert.equal(at(empty, script!), '  \n');
    assert.match(script!.message, /must not be empty/);
    const big = `#: name: x\n${'a'.repeat(64 * 1024 + 1)}`;
    assert.match(userdataKind.parse(big).problems[0]!.message, /at most 64 KB/);
  });

  it('a name in the header cannot break out of its line', () => {
    const text = userdataKind.render({ name: 'evil\nrm -rf /', userdata: 'echo ok\n' }, { id: 'u', name: 'x' });
    assert.equal(text.split('\n')[0], '#: name: evil\\nrm -rf /', 'the newline is shown as \\n, on the same line');
    assert.equal(text.split('\n')[1], 'echo ok');
  });
});

describe('userdata documents: create and update against the emulator', function () {
  let emu: EmulatorHandle;
  let client: StackletClient;
  before(async () => {
    emu = await startEmulator({ port: 0, host: '127.0.0.1' });
    client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken, retry: { maxAttempts: 1 } });
  });
  after(async () => {
    await client.dispose();
    await emu.close();
  });

  it('creates a script, then renames it and changes its text in one update; a taken name is the service\'s refusal', async () => {
    const parsed = userdataKind.parse('#: name: doc-script\n#!/bin/sh\necho one\n');
    assert.ok(parsed.ok);
    const ctx = documentContext(client, emu.url);
    const created = await createFrom(ctx, userdataKind, parsed.value);
    const { state } = await userdataKind.read(client, created.id);
    assert.deepEqual(state, { name: 'doc-script', userdata: '#!/bin/sh\necho one\n' });
    const next = { name: 'doc-script-2', userdata: '#!/bin/sh\necho two\n' };
    const planned = await planSave(ctx, userdataKind, next, created.id);
    assert.deepEqual(planned.plan.words((text) => text).detail.split('\n'), ['Rename to doc-script-2', 'New script: 2 lines (was 2); Show Changes lists them.']);
    const outcome = await planned.send();
    assert.deepEqual(outcome.applied, ['update the script']);
    assert.deepEqual((await userdataKind.read(client, created.id)).state, next);
    const other = (await client.listUserdata()).items.find((u) => u.uuid !== created.id)!;
    await assert.rejects(save(ctx, userdataKind, { ...next, name: other.name }, created.id), /already used/);
  });
});
