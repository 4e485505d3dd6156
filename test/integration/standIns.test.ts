// The stand-ins activation registers in place of what the workbench makes (src/ui/lazyTarget.ts), in the real
// extension host: what each loads and when, that every call reaches the real object once it is attached, and
// that its changes are fired as the stand-in's own. The real Accounts entry and views are the other suites'.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { LazyAuthProvider } from '../../src/ui/lazyAuthProvider';
import { LazyFileSystem } from '../../src/ui/lazyFileSystem';
import { LazyTreeData } from '../../src/views/lazyTreeData';

type SessionsChange = vscode.AuthenticationProviderAuthenticationSessionsChangeEvent;

const SESSION: vscode.AuthenticationSession = { id: 'one', accessToken: 'not-a-token', account: { id: 'a', label: 'a@example.com' }, scopes: [] };

/** A provider that records what it was asked. */
function provider() {
  const changes = new vscode.EventEmitter<SessionsChange>();
  const asked: string[] = [];
  const target: vscode.AuthenticationProvider = {
    onDidChangeSessions: changes.event,
    getSessions: async () => (asked.push('getSessions'), [SESSION]),
    createSession: async () => (asked.push('createSession'), SESSION),
    removeSession: async (id) => void asked.push(`removeSession ${id}`),
  };
  return { target, changes, asked };
}

/** A load that counts its calls and, after a turn, calls `attach` (when given), as the workbench attaches. */
function loader(attach?: () => void) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    load: async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      attach?.();
    },
  };
}

const OPTIONS: vscode.AuthenticationProviderSessionOptions = {};

describe('The stand-ins activation registers', () => {
  const disposables: vscode.Disposable[] = [];
  afterEach(() => disposables.splice(0).forEach((d) => d.dispose()));

  it('answers the Accounts entry\'s sessions with none while no account is signed in, loading nothing for it', async () => {
    const load = loader();
    const auth = new LazyAuthProvider(() => false, load.load);
    disposables.push(auth);
    assert.deepEqual(await auth.getSessions(undefined, OPTIONS), []);
    assert.deepEqual(await auth.getSessions(['x'], OPTIONS), []);
    assert.equal(load.calls, 0, 'the workbench was loaded for the signed-out answer');
  });

  it('signed in, waits for the workbench to attach the real provider and answers with its sessions, loading once', async () => {
    const real = provider();
    const load = loader(() => auth.attach(real.target));
    const auth = new LazyAuthProvider(() => true, load.load);
    disposables.push(auth, real.changes);
    assert.deepEqual(await auth.getSessions(undefined, OPTIONS), [SESSION]);
    assert.deepEqual(await auth.getSessions(undefined, OPTIONS), [SESSION]);
    assert.equal(load.calls, 1);
    assert.deepEqual(real.asked, ['getSessions', 'getSessions']);
  });

  it('signing in and out load the workbench even while no account is signed in, and reach the real provider', async () => {
    const real = provider();
    const load = loader(() => auth.attach(real.target));
    const auth = new LazyAuthProvider(() => false, load.load);
    disposables.push(auth, real.changes);
    assert.equal(await auth.createSession([], OPTIONS), SESSION);
    await auth.removeSession('one');
    assert.deepEqual(real.asked, ['createSession', 'removeSession one']);
    assert.equal(load.calls, 1);
    // Attached, the signed-out short answer no longer applies: the real provider knows better.
    assert.deepEqual(await auth.getSessions(undefined, OPTIONS), [SESSION]);
  });

  it('fires the attached provider\'s changes as its own, and only the last attached one\'s', async () => {
    const first = provider();
    const second = provider();
    const auth = new LazyAuthProvider(() => true, async () => undefined);
    disposables.push(auth, first.changes, second.changes);
    const seen: SessionsChange[] = [];
    disposables.push(auth.onDidChangeSessions((change) => seen.push(change)));
    const added: SessionsChange = { added: [SESSION], removed: [], changed: [] };
    first.changes.fire(added);
    assert.deepEqual(seen, [], 'a change before the provider was attached');
    auth.attach(first.target);
    first.changes.fire(added);
    auth.attach(second.target);
    first.changes.fire({ added: [], removed: [SESSION], changed: [] });
    second.changes.fire({ added: [], removed: [], changed: [SESSION] });
    assert.deepEqual(seen, [added, { added: [], removed: [], changed: [SESSION] }]);
  });

  it('refuses by name when the load ends without attaching what it stands in for', async () => {
    const load = loader();
    const auth = new LazyAuthProvider(() => true, load.load);
    disposables.push(auth);
    await assert.rejects(auth.getSessions(undefined, OPTIONS), /the workbench did not attach what activation registered in its place/);
    const files = new LazyFileSystem(load.load);
    disposables.push(files);
    await assert.rejects(files.readFile(vscode.Uri.parse('stacklet-test:/a')), /did not attach/);
  });

  it('a view\'s rows load the workbench on the first ask and come from the attached provider; a row is never asked about before', async () => {
    const changes = new vscode.EventEmitter<string | undefined>();
    const real: vscode.TreeDataProvider<string> = {
      onDidChangeTreeData: changes.event,
      getChildren: (element) => (element ? [`${element}/child`] : ['root']),
      getTreeItem: (element) => new vscode.TreeItem(element),
      getParent: (element) => (element.includes('/') ? element.split('/')[0] : undefined),
    };
    const load = loader(() => data.attach(real));
    const data = new LazyTreeData<string>(load.load);
    disposables.push(data, changes);
    assert.throws(() => data.getTreeItem('root'), /before its provider was attached/);
    assert.deepEqual(await data.getChildren(), ['root']);
    assert.deepEqual(await data.getChildren('root'), ['root/child']);
    assert.equal(load.calls, 1);
    assert.equal((await data.getTreeItem('root')).label, 'root');
    assert.equal(await data.getParent('root/child'), 'root');
    // Without resolveTreeItem on the real provider, the item is answered as it is.
    const item = new vscode.TreeItem('x');
    assert.equal(data.resolveTreeItem(item, 'x', new vscode.CancellationTokenSource().token), item);
    const fired: (string | undefined)[] = [];
    disposables.push(data.onDidChangeTreeData((change) => fired.push(change as string | undefined)));
    changes.fire('root');
    assert.deepEqual(fired, ['root']);
  });

  it('a document scheme\'s file system loads the workbench on the first read and passes each call on; watching before that loads nothing', async () => {
    const uri = vscode.Uri.parse('stacklet-test:/doc.json');
    const calls: string[] = [];
    const changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
    const real: vscode.FileSystemProvider = {
      onDidChangeFile: changes.event,
      watch: () => (calls.push('watch'), new vscode.Disposable(() => undefined)),
      stat: async () => (calls.push('stat'), { type: vscode.FileType.File, ctime: 0, mtime: 0, size: 2 }),
      readDirectory: async () => (calls.push('readDirectory'), []),
      createDirectory: async () => void calls.push('createDirectory'),
      readFile: async () => (calls.push('readFile'), new TextEncoder().encode('{}')),
      writeFile: async (_uri, content) => void calls.push(`writeFile ${new TextDecoder().decode(content)}`),
      delete: async () => void calls.push('delete'),
      rename: async (_from, to) => void calls.push(`rename ${to.path}`),
    };
    const load = loader(() => files.attach(real));
    const files = new LazyFileSystem(load.load);
    disposables.push(files, changes);
    files.watch(uri, { recursive: false, excludes: [] }).dispose();
    assert.equal(load.calls, 0, 'watching loaded the workbench');
    assert.equal(new TextDecoder().decode(await files.readFile(uri)), '{}');
    await files.stat(uri);
    await files.readDirectory(uri);
    await files.createDirectory(uri);
    await files.writeFile(uri, new TextEncoder().encode('[]'), { create: true, overwrite: true });
    await files.delete(uri, { recursive: false });
    await files.rename(uri, vscode.Uri.parse('stacklet-test:/other.json'), { overwrite: false });
    files.watch(uri, { recursive: false, excludes: [] }).dispose();
    assert.deepEqual(calls, ['readFile', 'stat', 'readDirectory', 'createDirectory', 'writeFile []', 'delete', 'rename /other.json', 'watch']);
    assert.equal(load.calls, 1);
  });
});
