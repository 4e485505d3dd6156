import * as vscode from 'vscode';
import type { CreateStackletBody } from '../api/requests';
import { checkHostname, checkTagList, parseTagList } from '../api/validators';
import type { CommandDeps } from './deps';
import { imageChoice, regionChoice, sizeChoice, yesNo } from './choices';
import type { PickItem } from '../ui/prompter';
import { done, follow, send } from './action';
import { inputStep, pickManyStep, pickStep, runWizard, type WizardStep } from './wizard';

interface NewStacklet {
  name?: string;
  region?: string;
  size?: string;
  image?: string | number;
  tags?: string;
  /** null: answered "none". */
  vpc?: string | null;
  firewall?: string | null;
  userdata?: string | null;
  sshKeys?: number[];
  backups?: boolean;
}

function none(description: string): PickItem<null> {
  return { label: vscode.l10n.t('None'), icon: 'circle-slash', description, value: null };
}

/**
 * Create Stacklet: name, region, size, image, then tags, VPC, firewall, userdata, SSH keys and backups.
 * Nothing is sent before the last answer; the new stacklet's create task is followed.
 */
export async function createStacklet(deps: CommandDeps): Promise<void> {
  const { client, store } = await deps.session.current();
  const title = (what: string) => vscode.l10n.t('Create Stacklet: {0}', what);
  const steps: WizardStep<NewStacklet>[] = [
    inputStep(deps, 'name', () => ({
      title: title(vscode.l10n.t('Name')),
      prompt: vscode.l10n.t('The stacklet\'s name, which is also its hostname'),
      placeHolder: 'web-3',
      validate: (text) => checkHostname(text.trim(), vscode.l10n.t('Name')),
    }), (s) => s.name, (s, name) => (s.name = name)),
    pickStep(deps, 'region', async () => ({
      title: title(vscode.l10n.t('Region')),
      placeHolder: vscode.l10n.t('Where the stacklet runs'),
      ...(await regionChoice(store)),
    }), (s) => s.region, (s, region) => (s.region = region)),
    pickStep(deps, 'size', async () => ({
      title: title(vscode.l10n.t('Size')),
      placeHolder: vscode.l10n.t('vCPUs, memory, disk and monthly price'),
      ...(await sizeChoice(store)),
    }), (s) => s.size, (s, size) => (s.size = size)),
    pickStep<NewStacklet, string | number>(deps, 'image', async (s) => ({
      title: title(vscode.l10n.t('Image')),
      placeHolder: vscode.l10n.t('A distribution, an application, or a snapshot in {0}', s.region ?? ''),
      ...(await imageChoice(store, s.region)),
    }), (s) => s.image, (s, image) => (s.image = image)),
    inputStep(deps, 'tags', () => ({
      title: title(vscode.l10n.t('Tags')),
      prompt: vscode.l10n.t('Tags, separated by commas (optional; leave empty for none)'),
      placeHolder: 'web, production',
      validate: (text) => checkTagList(text, vscode.l10n.t('Tags')),
    }), (s) => s.tags, (s, tags) => (s.tags = tags)),
    pickStep<NewStacklet, string | null>(deps, 'vpc', async (s) => ({
      title: title(vscode.l10n.t('VPC')),
      placeHolder: vscode.l10n.t('A VPC of {0}, or none', s.region ?? ''),
      items: [
        none(vscode.l10n.t('the region\'s default network')),
        ...(await store.get('vpc').catch(() => undefined))?.items
          .filter((vpc) => vpc.region?.slug === s.region)
          .map((vpc) => ({ label: vpc.name, description: vpc.cidr, value: vpc.uuid })) ?? [],
      ],
    }), (s) => s.vpc, (s, vpc) => (s.vpc = vpc)),
    pickStep<NewStacklet, string | null>(deps, 'firewall', async () => ({
      title: title(vscode.l10n.t('Firewall')),
      placeHolder: vscode.l10n.t('A firewall to put the stacklet behind, or none'),
      items: [
        none(vscode.l10n.t('no firewall')),
        ...(await store.get('firewall').catch(() => undefined))?.items
          .map((firewall) => ({ label: firewall.name, description: vscode.l10n.t('{0} in · {1} out', firewall.inbound_rules.length, firewall.outbound_rules.length), value: firewall.uuid })) ?? [],
      ],
    }), (s) => s.firewall, (s, firewall) => (s.firewall = firewall)),
    pickStep<NewStacklet, string | null>(deps, 'userdata', async () => ({
      title: title(vscode.l10n.t('Userdata')),
      placeHolder: vscode.l10n.t('A script to run on first boot, or none'),
      items: [
        none(vscode.l10n.t('no script')),
        ...(await store.get('userdata')).items.map((script) => ({ label: script.name, description: script.uuid, value: script.uuid })),
      ],
    }), (s) => s.userdata, (s, userdata) => (s.userdata = userdata)),
    pickManyStep<NewStacklet, number>(deps, 'sshKeys', async () => ({
      title: title(vscode.l10n.t('SSH Keys')),
      placeHolder: vscode.l10n.t('Keys allowed to log in as root (none is fine)'),
      items: ((await store.get('sshKey').catch(() => undefined))?.items ?? [])
        .map((key) => ({ label: key.name, ...(key.fingerprint ? { description: key.fingerprint } : {}), value: key.id })),
    }), (s) => s.sshKeys, (s, keys) => (s.sshKeys = keys)),
    pickStep(deps, 'backups', () => ({
      title: title(vscode.l10n.t('Backups')),
      placeHolder: vscode.l10n.t('Take automatic backups?'),
      items: yesNo(vscode.l10n.t('automatic backups'), vscode.l10n.t('no backups')),
    }), (s) => s.backups, (s, backups) => (s.backups = backups)),
  ];
  const answers = await runWizard<NewStacklet>({}, () => steps);
  if (!answers) return;
  const tags = parseTagList(answers.tags ?? '');
  const body: CreateStackletBody & { name: string } = {
    name: answers.name!,
    region: answers.region!,
    size: answers.size!,
    image: answers.image!,
    ...(tags.length > 0 ? { tags } : {}),
    ...(answers.vpc ? { vpc_uuid: answers.vpc } : {}),
    ...(answers.firewall ? { firewall_uuid: answers.firewall } : {}),
    ...(answers.userdata ? { userdata_uuid: answers.userdata } : {}),
    ...(answers.sshKeys && answers.sshKeys.length > 0 ? { ssh_keys: answers.sshKeys } : {}),
    backups: answers.backups ?? false,
  };
  const created = await send(deps, vscode.l10n.t('Creating {0}…', body.name), vscode.l10n.t('Could not create {0}', body.name), () => client.createStacklet(body));
  if (!created) return;
  store.invalidate('stacklet', ...(body.firewall_uuid ? (['firewall'] as const) : []), ...(body.vpc_uuid ? (['vpc'] as const) : []));
  follow(deps, 'stacklet', created.id, created.name, created.task);
  done(deps, vscode.l10n.t('Creating stacklet {0} in {1}.', created.name, created.region.slug));
}
