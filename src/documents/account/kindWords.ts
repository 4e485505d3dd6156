/** How the account document's words name a kind, mid-sentence ("stacklet", "2 SSH keys"). No vscode import. */
import * as l10n from '@vscode/l10n';
import { plural } from '../../api/plural';

const KIND_WORDS: Readonly<Record<string, { one: () => string; many: (count: number) => string }>> = {
  stacklet: { one: () => l10n.t('stacklet'), many: (n) => l10n.t('{0} stacklets', n) },
  volume: { one: () => l10n.t('volume'), many: (n) => l10n.t('{0} volumes', n) },
  firewall: { one: () => l10n.t('firewall'), many: (n) => l10n.t('{0} firewalls', n) },
  vpc: { one: () => l10n.t('VPC'), many: (n) => l10n.t('{0} VPCs', n) },
  sshKey: { one: () => l10n.t('SSH key'), many: (n) => l10n.t('{0} SSH keys', n) },
  tag: { one: () => l10n.t('tag'), many: (n) => l10n.t('{0} tags', n) },
  userdata: { one: () => l10n.t('userdata script'), many: (n) => l10n.t('{0} userdata scripts', n) },
  snapshot: { one: () => l10n.t('snapshot'), many: (n) => l10n.t('{0} snapshots', n) },
  cluster: { one: () => l10n.t('Kubernetes cluster'), many: (n) => l10n.t('{0} Kubernetes clusters', n) },
  loadBalancer: { one: () => l10n.t('load balancer'), many: (n) => l10n.t('{0} load balancers', n) },
  nodePool: { one: () => l10n.t('node pool'), many: (n) => l10n.t('{0} node pools', n) },
};

export function kindWord(kind: string): string {
  return KIND_WORDS[kind]?.one() ?? kind;
}

/** "2 volumes"; "1 volume" for one. */
export function kindCount(kind: string, count: number): string {
  const words = KIND_WORDS[kind];
  return words ? plural(count, `1 ${words.one()}`, words.many(count)) : `${count} ${kind}`;
}
