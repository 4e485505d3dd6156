import { readdir, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SshKey } from '../api/schemas';
import { checkName, checkSshPublicKey, parseSshPublicKey, sshKeyFingerprint, type SshPublicKey } from '../api/validators';
import type { ActiveSession } from '../auth/session';
import type { PickItem } from '../ui/prompter';
import { done } from '../ui/notify';
import { sameNameWarning } from './wizardSteps/nameStep';
import { createWithRetry } from './createFlow';
import type { CommandDeps } from './deps';
import { sshFolder } from './sshFolder';
import { inputStep, pickStep, type WizardStep } from './wizard';

/** A public key file of the SSH folder, read and checked. */
interface KeyFile {
  readonly file: string;
  readonly text: string;
  readonly key: SshPublicKey;
}

type Source = KeyFile | 'paste';

interface NewKey {
  source?: Source;
  pasted?: string;
  name?: string;
}

/** The valid `*.pub` files of the SSH folder; one that cannot be read or is not a public key is left out (and logged). */
async function keyFiles(deps: CommandDeps, folder: string): Promise<KeyFile[]> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith('.pub')).sort();
  } catch {
    return [];
  }
  const files: KeyFile[] = [];
  for (const name of names) {
    const file = path.join(folder, name);
    try {
      const text = (await readFile(file, 'utf8')).trim();
      const parsed = parseSshPublicKey(text);
      if ('key' in parsed) files.push({ file, text, key: parsed.key });
      else deps.log.info(`Add SSH Key: ${file} is left out: ${parsed.problem}`);
    } catch (error) {
      deps.log.info(`Add SSH Key: ${file} could not be read: ${String(error)}`);
    }
  }
  return files;
}

function fileItem(file: KeyFile, known: readonly SshKey[]): PickItem<Source> {
  const fingerprint = sshKeyFingerprint(file.key);
  const already = known.find((key) => key.fingerprint === fingerprint);
  return {
    label: path.basename(file.file),
    icon: 'key',
    description: [file.key.type, file.key.comment || undefined, already ? vscode.l10n.t('already in the account as {0}', already.name) : undefined].filter(Boolean).join(' · '),
    detail: fingerprint,
    value: file,
  };
}

/** A name for the key: its comment (often user@host), else the file's name without `.pub`. */
function suggestedName(state: NewKey): string {
  const source = state.source;
  if (source === undefined) return '';
  if (source === 'paste') {
    const parsed = parseSshPublicKey(state.pasted ?? '');
    return 'key' in parsed ? parsed.key.comment : '';
  }
  return source.key.comment || path.basename(source.file, '.pub');
}

/**
 * The Add SSH Key questions: a `.pub` file of the SSH folder (~/.ssh) or a pasted key, checked (type, base64,
 * length) as it is typed, then its name; the review they end in (./createFlow.ts) confirms, and the SSH key's create definition
 * (src/kinds/sshKey/operations.ts) checks it again and sends it, as it does for an agent. A refusal (the
 * definition's or the service's) offers Edit and Retry with every answer kept. The new key, or undefined when
 * the user gave up.
 */
export async function addSshKeyFlow(deps: CommandDeps, session: ActiveSession): Promise<{ readonly id: number; readonly name: string } | undefined> {
  const folder = sshFolder();
  const [files, known] = await Promise.all([
    keyFiles(deps, folder),
    session.store.get('sshKey').then((listing) => listing.items, () => [] as SshKey[]),
  ]);
  const title = (what: string) => vscode.l10n.t('Add SSH Key: {0}', what);
  const sameName = await sameNameWarning(session.store, 'sshKey', (name) => vscode.l10n.t('Another SSH key is already named {0}.', name));
  const paste: PickItem<Source> = { label: vscode.l10n.t('Paste a Public Key…'), icon: 'clippy', description: vscode.l10n.t('one line from a .pub file'), value: 'paste' };
  const build = (state: NewKey): WizardStep<NewKey>[] => [
    pickStep<NewKey, Source>(deps, 'source', () => ({
      title: title(vscode.l10n.t('Key')),
      placeHolder: files.length > 0
        ? vscode.l10n.t('A public key file of {0}, or paste one', folder)
        : vscode.l10n.t('No public key file (*.pub) in {0}: paste a key', folder),
      items: [...files.map((file) => fileItem(file, known)), paste],
    }), (s) => s.source, (s, source) => (s.source = source)),
    ...(state.source === 'paste'
      ? [inputStep<NewKey>(deps, 'pasted', () => ({
          title: title(vscode.l10n.t('Public Key')),
          prompt: vscode.l10n.t('The public key: its type, its data and an optional comment, on one line'),
          placeHolder: vscode.l10n.t('The contents of a .pub file'),
          validate: (text) => checkSshPublicKey(text),
        }), (s) => s.pasted, (s, text) => (s.pasted = text))]
      : []),
    inputStep<NewKey>(deps, 'name', (s) => ({
      title: title(vscode.l10n.t('Name')),
      prompt: vscode.l10n.t('The name the key is listed under'),
      initial: suggestedName(s),
      validate: (text) => checkName(text, vscode.l10n.t('Name')),
      warn: sameName,
    }), (s) => s.name, (s, name) => (s.name = name)),
  ];
  const result = await createWithRetry(deps, session, {
    kind: 'sshKey',
    state: {} as NewKey,
    steps: build,
    // A refused key reopens at the pasted key (or, for a file's, at the choice of key).
    fields: { name: 'name', publicKey: 'pasted', public_key: 'pasted' },
    wizard: { countKnown: false },
    input: (answers) => ({ name: answers.name!, publicKey: answers.source === 'paste' ? answers.pasted!.trim() : answers.source!.text }),
  });
  if (!result) return undefined;
  const added = result.data['resource'] as { id: number; name: string };
  done(deps.log, vscode.l10n.t('Added SSH key {0}.', added.name));
  return added;
}

/** Add SSH Key (SSH Keys group of the Account view, and the palette). */
export async function addSshKey(deps: CommandDeps): Promise<void> {
  await addSshKeyFlow(deps, await deps.session.current());
}
