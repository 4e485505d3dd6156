import * as vscode from 'vscode';
import type { Stacklet } from '../api/schemas';
import { checkResourceName, checkVolumeSize, parseWholeNumber } from '../api/validators';
import { canTakeVolume } from '../model/actionChecks';
import { refOfKind } from '../kinds/registry';
import * as notify from '../ui/notify';
import { refuseWhenBusy } from './actionCommand';
import { done } from '../ui/notify';
import { stackletItem } from './choices';
import { limitBeforeAsking } from './wizardSteps/accountLimit';
import { sameNameWarning } from './wizardSteps/nameStep';
import type { CommandDeps } from './deps';
import { refOfNode } from './target';
import { createWithRetry } from './createFlow';
import { inputStep, pickStep, wholeNumberStep, type WizardStep } from './wizard';

interface NewVolume {
  stacklet?: Stacklet;
  name?: string;
  size?: string;
}

/**
 * Create Volume (Volumes view) and Add Volume… (on a stacklet): the service creates a volume on a stacklet
 * (service notes §5), in the stacklet's region. Asks the stacklet (unless run on one), the name and the size;
 * the review they end in (./createFlow.ts) confirms, and the volume's create definition (src/kinds/volume/operations.ts) plans and sends
 * it, as it does for an agent; its task is followed. Nothing is asked when the account's limit leaves no volume
 * to create.
 */
export async function createVolume(deps: CommandDeps, node?: unknown): Promise<void> {
  const session = await deps.session.current();
  const { store } = session;
  const ref = refOfKind(refOfNode(node), 'stacklet');
  const given = ref ? (store.peek('stacklet')?.items.find((s) => s.id === ref.data.id) ?? ref.data) : undefined;
  if (given) {
    if (refuseWhenBusy(deps, { kind: 'stacklet', id: given.id, name: given.name, task: given.task })) return;
    if (given.volume_uuid) {
      void notify.info(vscode.l10n.t('{0} already has a volume: a stacklet takes one.', given.name));
      return;
    }
  }
  if (await limitBeforeAsking(store, 'volume') === 'reached') return;
  const candidates = given ? [] : (await store.get('stacklet')).items.filter(canTakeVolume);
  if (!given && candidates.length === 0) {
    void notify.info(vscode.l10n.t('No stacklet can take a new volume now: each already has one, has a task running, or is in a region without volumes.'));
    return;
  }
  const title = (what: string) => vscode.l10n.t('Create Volume: {0}', what);
  const sameName = await sameNameWarning(store, 'volume', (name) => vscode.l10n.t('Another volume is already named {0}.', name));
  const steps: WizardStep<NewVolume>[] = [
    ...(given ? [] : [pickStep<NewVolume, Stacklet>(deps, 'stacklet', () => ({
      title: title(vscode.l10n.t('Stacklet')),
      placeHolder: vscode.l10n.t('The stacklet the volume is attached to; the volume is made in its region'),
      items: candidates.map((stacklet) => ({ ...stackletItem(stacklet), value: stacklet })),
    }), (s) => s.stacklet, (s, stacklet) => (s.stacklet = stacklet))]),
    inputStep<NewVolume>(deps, 'name', (s) => ({
      title: title(vscode.l10n.t('Name')),
      prompt: vscode.l10n.t('The volume\'s name; it is made in {0}, the region of {1}', s.stacklet!.region.slug, s.stacklet!.name),
      initial: `${s.stacklet!.name}-data`,
      validate: (text) => checkResourceName(text, vscode.l10n.t('Name')),
      warn: sameName,
    }), (s) => s.name, (s, name) => (s.name = name)),
    wholeNumberStep<NewVolume>(deps, 'size', () => ({
      title: title(vscode.l10n.t('Size')),
      prompt: vscode.l10n.t('The size in GB (1 to 16384; a volume can later grow, never shrink)'),
      initial: '10',
      what: vscode.l10n.t('Size'),
      check: (gb, what) => checkVolumeSize(gb, 0, what),
    }), (s) => s.size, (s, size) => (s.size = size)),
  ];
  const result = await createWithRetry(deps, session, {
    kind: 'volume',
    state: given ? { stacklet: given } : {},
    steps: () => steps,
    // The service's fields and the definition's, each with the step that asks for it.
    fields: { name: 'name', stacklet_id: 'stacklet', size_gigabytes: 'size', sizeGigabytes: 'size' },
    input: (answers) => ({ stacklet: answers.stacklet!.id, name: answers.name!, sizeGigabytes: parseWholeNumber(answers.size!)! }),
  });
  if (!result) return;
  const { answers } = result;
  const stacklet = answers.stacklet!;
  // No check mark while the volume's create task runs.
  const running = (result.data as { task?: unknown }).task != null;
  done(deps.log, vscode.l10n.t('Creating volume {0} ({1} GB) on {2} in {3}.', answers.name!, parseWholeNumber(answers.size!)!, stacklet.name, stacklet.region.slug), running);
}
