/**
 * The demo account's content: a small but realistic estate touching every resource kind, built with the same
 * builders as the create routes. Timestamps are fixed (relative to one date) so screenshots stay stable.
 */
import { randomUUID } from 'node:crypto';
import { APPLICATIONS, DISTRIBUTIONS, findKubernetesVersion, findRegion, findSize, REGIONS, SIZES } from './catalog';
import { attachFirewall } from './links';
import type { FirewallRec, LoadBalancerRec, StackletRec, VpcRec } from './records';
import { distributionOf, makeBackup, makeImage, makeNodePool, makeStacklet, makeVolume, sshFingerprint, stackletRef } from './recordBuilders';
import { Account, DEFAULT_STACKLET_LIMIT, World } from './world';
import type { SeedKind } from './options';

export const DEMO_EMAIL = 'demo@stacklet.example';
const SEED_TIME = Date.parse('2026-05-14T09:31:22.123Z');
const DAY = 86_400_000;

function image(slug: string): StackletRec['distribution'] {
  for (const distribution of DISTRIBUTIONS) {
    const found = distribution.images.find((i) => i.slug === slug);
    if (found) return distributionOf(distribution.name, found);
  }
  throw new Error(`seed: unknown image ${slug}`);
}

const region = (slug: string) => findRegion(slug)!;
const size = (slug: string) => findSize(slug)!;

export function createAccount(world: World, token: string, email: string, seed: SeedKind, name?: { first: string; last: string }): Account {
  if (world.accounts.has(token)) throw new Error('an account with this token already exists');
  const account = new Account(email, world.timestamp(SEED_TIME - 400 * DAY), name);
  world.accounts.set(token, account);
  account.seed = seed;
  if (seed === 'demo') seedDemo(world, account);
  return account;
}

/**
 * The account of `token` as it was seeded, under the same e-mail and name: everything made, changed or deleted
 * in it is gone (a task still running on one of its old records ends there, out of the world). New IDs, as a
 * service hands out after a delete and a create. Other accounts are not touched.
 */
export function reseedAccount(world: World, token: string): Account {
  const old = world.accounts.get(token);
  if (!old) throw new Error('no account with this token');
  world.accounts.delete(token);
  return createAccount(world, token, old.email, old.seed, { first: old.profile.first_name, last: old.profile.last_name });
}

function seedDemo(world: World, account: Account): void {
  const at = (daysAgo: number, hours = 0): string => world.timestamp(SEED_TIME - daysAgo * DAY - hours * 3_600_000);
  account.profile.first_name = account.profile.first_name || 'Demo';
  account.profile.last_name = account.profile.last_name || 'User';
  account.profile.company = 'Stacklet Demo GmbH';
  account.profile.phone = '+49 30 1234567';
  account.profile.address = 'Musterstraße 1, 10115 Berlin, DE';

  const vpc: VpcRec = { uuid: randomUUID(), name: 'fra-private', cidr: '10.20.0.0/16', created_at: at(200), region: region('fra'), stacklet_ids: [] };
  account.vpcs.add(vpc);

  const add = (name: string, where: string, sizeSlug: string, distribution: string, tags: string[], daysAgo: number, extra: Partial<StackletRec> = {}, inVpc = false): StackletRec => {
    const stacklet = makeStacklet(world, account, {
      name,
      size: size(sizeSlug),
      region: region(where),
      distribution: image(distribution),
      tags,
      createdAt: at(daysAgo, 3),
      privateNetworking: true,
      ...(inVpc ? { vpc } : {}),
    });
    Object.assign(stacklet, extra);
    account.stacklets.add(stacklet);
    if (inVpc) vpc.stacklet_ids.push(stacklet.id);
    return stacklet;
  };
  const docker = APPLICATIONS.find((a) => a.slug === 'docker-22-04')!;
  const wordpress = APPLICATIONS.find((a) => a.slug === 'wordpress-22-04')!;
  const web1 = add('web-1', 'fra', 'b-1vcpu-2gb', 'ubuntu-22-04-x64', ['web', 'production'], 180, {}, true);
  const web2 = add('web-2', 'fra', 'b-1vcpu-2gb', 'ubuntu-22-04-x64', ['web', 'production'], 179, {}, true);
  const db1 = add('db-1', 'fra', 'b-2vcpu-4gb', 'debian-12-x64', ['db', 'production'], 178, { backups_enabled: true }, true);
  add('staging-1', 'ams', 'b-1vcpu-1gb', 'ubuntu-24-04-x64', ['staging', 'web'], 60, { status: 'off' });
  add('worker-1', 'nyc', 'c-4vcpu-8gb', 'fedora-40-x64', ['worker'], 30, { application: { id: docker.id, name: docker.name, slug: docker.slug } });
  add('blog', 'sgp', 'b-1vcpu-1gb', 'ubuntu-22-04-x64', ['web', 'blog'], 12, { application: { id: wordpress.id, name: wordpress.name, slug: wordpress.slug } });

  const dbData = makeVolume(world, { name: 'db-data', sizeGb: 100, region: region('fra'), stacklet: db1, createdAt: at(178, 2) });
  db1.volume_uuid = dbData.id;
  account.volumes.add(dbData);
  account.volumes.add(makeVolume(world, { name: 'scratch', sizeGb: 50, region: region('ams'), stacklet: null, createdAt: at(45) }));
  account.volumes.add(makeVolume(world, { name: 'archive', sizeGb: 250, region: region('fra'), stacklet: null, createdAt: at(90) }));

  const snap1 = account.snapshots.add(makeImage(world, web1, 'web-1 before upgrade', at(20)));
  web1.snapshot_ids.push(snap1.id);
  const snap2 = account.snapshots.add(makeImage(world, db1, 'db-1 weekly', at(7)));
  snap2.regions.push('ams');
  db1.snapshot_ids.push(snap2.id);
  for (const daysAgo of [2, 1]) {
    const backup = account.backups.add(makeBackup(world, db1, at(daysAgo)));
    db1.backup_ids.push(backup.id);
  }

  account.userdata.add({
    uuid: randomUUID(),
    name: 'docker-bootstrap',
    userdata: '#cloud-config\npackage_update: true\npackages:\n  - docker.io\nruncmd:\n  - systemctl enable --now docker\n',
    created_at: at(150),
  });
  account.userdata.add({
    uuid: randomUUID(),
    name: 'harden-ssh',
    userdata: "#!/bin/sh\nsed -i 's/^#\\?PasswordAuthentication.*/PasswordAuthentication no/' /etc/ssh/sshd_config\nsystemctl restart ssh\n",
    created_at: at(140),
  });

  const firewall: FirewallRec = {
    uuid: randomUUID(),
    name: 'web-firewall',
    created_at: at(175),
    inbound_rules: [
      { address: '203.0.113.0/24', port: 22, protocol: 'tcp' },
      { address: '0.0.0.0/0', port: 80, protocol: 'tcp' },
      { address: '0.0.0.0/0', port: 443, protocol: 'tcp' },
      { address: '0.0.0.0/0', port: null, protocol: 'icmp' },
    ],
    outbound_rules: [{ address: '0.0.0.0/0', port: null, protocol: null }],
    project: { ...account.project },
    resources: { stacklet_ids: [] },
  };
  account.firewalls.add(firewall);
  attachFirewall(account, firewall, web1);
  attachFirewall(account, firewall, web2);

  const version = findKubernetesVersion('1.30.2-00')!;
  const clusterUuid = randomUUID();
  const pool = makeNodePool(world, 'default-pool', size('b-2vcpu-4gb'), 3, true);
  for (const node of pool.nodes) node.created_at = at(100);
  account.clusters.add({
    uuid: clusterUuid,
    name: 'demo-cluster',
    tags: [`k8s:${clusterUuid}`, 'k8s'],
    ipv4: '198.51.100.10',
    task: null,
    region: region('fra'),
    version,
    endpoint: `https://${clusterUuid}.k8s.stacklet.example`,
    created_at: at(100),
    node_pools: [pool],
    cluster_subnet: '10.244.0.0/16',
    service_subnet: '10.245.0.0/16',
  });

  const lb: LoadBalancerRec = {
    uuid: randomUUID(),
    name: 'web-lb',
    created_at: at(170),
    task: null,
    region: region('fra'),
    ip: '203.0.113.200',
    algorithm: 'round_robin',
    sticky_sessions: null,
    rules: [
      { protocol: 'http', source_port: 80, target_port: 80, certificate_id: null, tls_passthrough: false },
      { protocol: 'https', source_port: 443, target_port: 443, certificate_id: null, tls_passthrough: true },
    ],
    health: { protocol: 'http', port: 80, path: '/healthz', interval: 10, rise: 3, fall: 3 },
    redirect_http_to_https: true,
    stacklet_ids: [web1.id, web2.id],
  };
  account.loadBalancers.add(lb);

  const keys = [
    ['laptop', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGg3bXk0c2VlZC1kZW1vLWtleS1sYXB0b3AtMDAwMDAx demo@laptop'],
    ['ci-deploy', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIENJLWRlcGxveS1zZWVkLWtleS1mb3ItdGhlLWRlbW8tMDI ci@stacklet'],
  ] as const;
  keys.forEach(([name, publicKey], i) => {
    account.sshKeys.add({ id: world.sshKeyId(), name, fingerprint: sshFingerprint(publicKey), public_key: publicKey, created_at: at(300 - i * 50) });
  });

  // Keep the volume's nested stacklet in the same shape the routes produce.
  dbData.stacklet = stackletRef(db1);
}

/** Adds `count` generated stacklets (for benchmarks and paging tests) and raises the limit to fit them. */
export function addGeneratedStacklets(world: World, account: Account, count: number): void {
  const regions = REGIONS.filter((r) => r.available);
  const sizes = SIZES.filter((s) => s.available);
  const ubuntu = image('ubuntu-22-04-x64');
  const debian = image('debian-12-x64');
  for (let i = 1; i <= count; i++) {
    const stacklet = makeStacklet(world, account, {
      name: `bench-${String(i).padStart(5, '0')}`,
      size: sizes[i % sizes.length]!,
      region: regions[i % regions.length]!,
      distribution: i % 3 === 0 ? debian : ubuntu,
      tags: ['bench', i % 2 === 0 ? 'even' : 'odd'],
      status: i % 7 === 0 ? 'off' : 'active',
      createdAt: world.timestamp(SEED_TIME - (count - i) * 60_000),
    });
    account.stacklets.add(stacklet);
  }
  account.stackletLimit = Math.max(account.stackletLimit, account.stacklets.size + DEFAULT_STACKLET_LIMIT);
}
