import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { commandTable } from '../../src/commands/index';
import { bundleLayout } from '../harness/bundleLayout';
import { manifest, testEmulator } from './testEnvironment';

const EXTENSION_ID = 'stacklet.stacklet-cloud';

describe('Stacklet Cloud in the VS Code extension host', () => {
  const pkg = manifest();
  // read while mocha loads the files, before any test of any suite can change it
  const apiUrlAtStartup = vscode.workspace.getConfiguration('stacklet').get<string>('apiUrl');

  it('is installed under its id and activates', async () => {
    assert.equal(`${pkg.publisher}.${pkg.name}`, EXTENSION_ID);
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not among the extensions of this host`);
    await extension.activate();
    assert.equal(extension.isActive, true);
  });

  it('loads one file of at most 40 KB at activation, each part of the rest in a chunk of its own on first use, no module twice but its stateless copies, and no read of navigator', () => {
    const root = vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath;
    const { activation, lazy, outputs } = bundleLayout(root);
    assert.equal((vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { main?: string }).main, './dist/extension.cjs', 'VS Code requires a .cjs main as CommonJS, as the shaped extension is loaded');
    assert.ok(activation.bytes <= 40 * 1024, `activation loads ${activation.bytes} B: ${activation.files.join(', ')}`);
    // What activation must leave for first use (src/extension.ts registers stand-ins that load it).
    const later = ['src/workbench.ts', 'src/auth/session.ts', 'src/auth/accountRegistry.ts', 'src/auth/authProvider.ts', 'src/ui/walkthroughProgress.ts', 'src/views/resourceTreeProvider.ts', 'src/views/stackletsView.ts', 'src/api/client.ts', 'src/api/schemas.ts', 'src/commands/index.ts', 'src/editors/documentEditors.ts', 'src/kinds/documents.ts', 'src/emulator/server.ts', 'node_modules/undici/', 'node_modules/zod/', 'node_modules/jsonc-parser/'];
    assert.deepEqual(later.filter((part) => activation.inputs.some((input) => input.startsWith(part))), [], 'loaded at activation');
    const chunked = ['src/workbench.ts', 'src/api/client.ts', 'src/api/undiciParts.ts', 'src/commands/index.ts', 'src/kinds/documents.ts', 'src/emulator/server.ts', 'src/tasks/storedTasks.ts'];
    assert.deepEqual(chunked.filter((source) => !lazy.some((step) => step.source === source)), [], 'without a chunk of its own');
    // Activation is one file: the entry imports no chunk statically.
    assert.deepEqual(activation.files, ['dist/extension.cjs']);
    // A module two chunks share goes into a chunk of its own, so none is evaluated twice, but for the few stateless
    // ones activation copies into the entry (COPIED_AT_ACTIVATION, esbuild.mjs): a module that holds state must
    // never be one of them.
    const copied = ['src/auth/accountKeys.ts', 'src/kinds/schemes.ts', 'src/kinds/viewIds.ts', 'src/tasks/taskStorage.ts', 'vscode-by-require:vscode'];
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [file, inputs] of outputs) {
      for (const input of inputs) if (seen.has(input)) twice.push(input); else seen.set(input, file);
    }
    assert.deepEqual(twice.sort(), copied, 'modules in two files');
    // The first row (the workbench and the client) leaves what only an emulator, a document or an unreadable error
    // body needs (issue 47).
    const firstRow = lazy.filter((step) => step.source === 'src/workbench.ts' || step.source === 'src/api/client.ts').flatMap((step) => step.inputs);
    const notFirst = ['src/api/requests.ts', 'src/emulator/server.ts', 'src/documents/jsonDocument.ts', 'node_modules/jsonc-parser/'];
    assert.deepEqual(notFirst.filter((part) => firstRow.some((input) => input.startsWith(part))), [], 'loaded with the first row');
    // The extension host reports every read of `navigator` as a deprecation, with the reader's stack, in its log
    // (zod read it once per start until esbuild.mjs defined it away).
    const readNavigator = [...outputs.keys()].filter((file) => /\bnavigator\b/.test(readFileSync(path.join(root, file), 'utf8')));
    assert.deepEqual(readNavigator, [], 'files that read navigator');
  });

  it('registers every command contributed in package.json', async () => {
    const contributed = (pkg.contributes?.commands ?? []).map((c) => c.command);
    assert.ok(contributed.length > 0, 'package.json contributes no command');
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
    // Activation registers package.json's ids and loads the handlers when one first runs (src/commands/register.ts):
    // the table it loads must have a handler for each, and nothing package.json does not contribute.
    const handled = Object.keys(commandTable());
    assert.deepEqual(contributed.filter((id) => !handled.includes(id)), [], 'contributed without a handler');
    assert.deepEqual(handled.filter((id) => !contributed.includes(id)), [], 'a handler package.json does not contribute');
  });

  it('provides every view and view container contributed in package.json', async () => {
    const viewIds = Object.values(pkg.contributes?.views ?? {}).flat().map((v) => v.id);
    const containerIds = Object.values(pkg.contributes?.viewsContainers ?? {}).flat().map((c) => c.id);
    const registered = new Set(await vscode.commands.getCommands());
    const checkedViews: string[] = [];
    for (const id of viewIds) {
      // VS Code registers `<view id>.focus` for every view it knows; running it opens the view
      assert.ok(registered.has(`${id}.focus`), `view ${id} is not known to the workbench`);
      await vscode.commands.executeCommand(`${id}.focus`);
      checkedViews.push(id);
    }
    const checkedContainers: string[] = [];
    for (const id of containerIds) {
      assert.ok(registered.has(`workbench.view.extension.${id}`), `view container ${id} is not known to the workbench`);
      await vscode.commands.executeCommand(`workbench.view.extension.${id}`);
      checkedContainers.push(id);
    }
    // With no views contributed yet this checks the empty list, and says so by comparing with package.json.
    assert.deepEqual(checkedViews, viewIds);
    assert.deepEqual(checkedContainers, containerIds);
  });

  it('reaches the emulator from the extension host with the demo token', async () => {
    // Until the extension has a command that calls the API, the test makes the request itself, from the host.
    const { apiUrl, token } = testEmulator();
    const response = await fetch(`${apiUrl}/v1/account/profile`, {
      headers: { Authorization: `Token ${token}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { profile?: { email?: unknown } };
    assert.equal(typeof body.profile?.email, 'string');
    assert.match(body.profile!.email as string, /@/);
  });

  it('started with the extension pointed at the emulator by the user settings', () => {
    assert.equal(apiUrlAtStartup, testEmulator().apiUrl);
  });
});
