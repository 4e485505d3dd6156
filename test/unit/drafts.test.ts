// Drafts are kept per account and per resource: another account never sees them, a rename keeps them, and
// signing out drops them. Drafts touch VS Code only through a Memento and a URI's parts, so this runs in Node.
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { Drafts } from '../../src/ui/drafts';

function memento(): vscode.Memento {
  const values = new Map<string, unknown>();
  return {
    keys: () => [...values.keys()],
    get: <T>(key: string, fallback?: T) => (values.has(key) ? (values.get(key) as T) : fallback),
    update: async (key: string, value: unknown) => void (value === undefined ? values.delete(key) : values.set(key, value)),
  } as vscode.Memento;
}

const uri = (authority: string, path: string, scheme = 'stacklet-firewall') =>
  ({ scheme, authority, path, toString: () => `${scheme}://${authority}${path}` }) as vscode.Uri;

describe('document drafts', () => {
  it('belong to one account and one resource, whatever the file name says', async () => {
    const drafts = new Drafts(memento());
    await drafts.save(uri('alice', '/fw-1/web.jsonc'), 'alice\'s text');
    assert.equal(drafts.text(uri('alice', '/fw-1/renamed.jsonc'))?.text, 'alice\'s text', 'a rename keeps the draft');
    assert.equal(drafts.text(uri('bob', '/fw-1/web.jsonc')), undefined, 'another account never sees it');
    assert.equal(drafts.text(uri('alice', '/fw-1/web.jsonc', 'stacklet-loadbalancer')), undefined, 'nor another kind');
    await drafts.discard(uri('alice', '/fw-1/web.jsonc'));
    assert.equal(drafts.text(uri('alice', '/fw-1/web.jsonc')), undefined);
  });

  it('a new resource\'s document keeps what it created, and signing out drops the account\'s drafts', async () => {
    const drafts = new Drafts(memento());
    const fresh = uri('alice', '/new/new-firewall-1.jsonc');
    await drafts.save(fresh, 'typed');
    await drafts.linkCreated(fresh, 'fw-9');
    await drafts.discard(fresh);
    assert.equal(drafts.created(fresh), 'fw-9', 'the link outlives the draft');
    assert.ok(drafts.knows('stacklet-firewall', 'alice', '/new/new-firewall-1.jsonc'));
    await drafts.save(uri('bob', '/fw-2/x.jsonc'), 'bob\'s text');
    await drafts.keepOnly(new Set(['bob']));
    assert.equal(drafts.created(fresh), undefined);
    assert.equal(drafts.text(uri('bob', '/fw-2/x.jsonc'))?.text, 'bob\'s text');
  });
});
