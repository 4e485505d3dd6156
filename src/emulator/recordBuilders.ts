/**
 * Builders for new records, shared by the seed and the create routes so seeded and created resources have
 * the same shape: addresses, timestamps, nested references.
 */
import { createHash, randomUUID } from 'node:crypto';
import { GiB, REGIONS, nodePoolSize, stackletImage } from './catalog';
import type { ApplicationRec, BackupRec, DistributionImageRec, ImageRec, KubernetesNodeRec, NetworkV4, NetworkV6, NodePoolRec, RegionRec, SizeRec, SnapshotRec, StackletRec, StackletRef, VolumeRec, VpcRec } from './records';
import { ipv4ToNumber, parseCidr } from '../api/validators';
import type { Account, World } from './world';

const regionIndex = (region: RegionRec): number => Math.max(0, REGIONS.findIndex((r) => r.slug === region.slug));

function numberToIpv4(n: number): string {
  return [24, 16, 8, 0].map((shift) => (Math.floor(n / 2 ** shift) % 256).toString()).join('.');
}

function prefixToNetmask(prefix: number): string {
  return numberToIpv4(prefix === 0 ? 0 : (2 ** 32 - 2 ** (32 - prefix)));
}

/** Public addresses come from 198.18.0.0/15 (reserved for benchmarks): room for 131,000 stacklets. */
function publicV4(host: number): NetworkV4 {
  return { address: numberToIpv4(ipv4ToNumber('198.18.0.0') + (host % 131_000) + 2), gateway: '198.18.0.1', netmask: '255.254.0.0', type: 'public' };
}

/** A private address: inside the stacklet's VPC when it has one, else in the region's default private network. */
export function privateV4(account: Account, region: RegionRec, host: number, vpc?: VpcRec): NetworkV4 {
  if (vpc) {
    const cidr = parseCidr(vpc.cidr)!;
    const next = account.vpcHosts.get(vpc.uuid) ?? 2;
    account.vpcHosts.set(vpc.uuid, next + 1);
    const base = ipv4ToNumber(cidr.address);
    return { address: numberToIpv4(base + next), gateway: numberToIpv4(base + 1), netmask: prefixToNetmask(cidr.prefix), type: 'private' };
  }
  const second = 110 + regionIndex(region);
  return { address: `10.${second}.${(host >> 8) & 255}.${host & 255}`, gateway: `10.${second}.0.1`, netmask: '255.255.0.0', type: 'private' };
}

function publicV6(region: RegionRec, host: number): NetworkV6 {
  const prefix = `2001:db8:${(regionIndex(region) + 1).toString(16)}:${host.toString(16)}`;
  return {
    address: `${prefix}::1`,
    gateway: `2001:db8:${(regionIndex(region) + 1).toString(16)}::1`,
    netmask: 64,
    range_start: `${prefix}::`,
    range_end: `${prefix}:ffff:ffff:ffff:ffff`,
    type: 'public',
  };
}

export interface NewStacklet {
  name: string;
  size: SizeRec;
  region: RegionRec;
  distribution: StackletRec['distribution'];
  application?: ApplicationRec;
  tags?: string[];
  status?: StackletRec['status'];
  createdAt?: string;
  privateNetworking?: boolean;
  backups?: boolean;
  vpc?: VpcRec;
}

export function makeStacklet(world: World, account: Account, init: NewStacklet): StackletRec {
  const host = world.host();
  const v4 = [publicV4(host)];
  if (init.privateNetworking || init.vpc) v4.push(privateV4(account, init.region, host, init.vpc));
  return {
    id: world.stackletId(),
    name: init.name,
    created_at: init.createdAt ?? world.timestamp(),
    application: init.application ? { id: init.application.id, name: init.application.name, slug: init.application.slug } : null,
    backup_ids: [],
    backups_enabled: init.backups ?? false,
    disk: init.size.disk,
    memory: init.size.memory,
    vcpu: init.size.vcpu,
    distribution: init.distribution,
    firewall_uuid: null,
    locked: false,
    recovery_mode: false,
    networks: { v4, v6: [publicV6(init.region, host)] },
    region: init.region,
    size: init.size,
    snapshot_ids: [],
    status: init.status ?? 'active',
    tags: init.tags ?? [],
    task: null,
    volume_uuid: null,
    vpc_uuid: init.vpc?.uuid ?? null,
  };
}

export function distributionOf(distributionName: string, image: DistributionImageRec): StackletRec['distribution'] {
  return { name: distributionName, image: stackletImage(image) };
}

export const stackletRef = (s: StackletRec): StackletRef => ({ id: s.id, name: s.name });

/**
 * What an image was taken of, kept beside it rather than in its JSON: the system a stacklet built from it
 * runs, the disk it needs, and (for a backup, which lists no regions) the region it is kept in.
 */
export interface ImageOrigin {
  readonly distribution: StackletRec['distribution'];
  readonly diskBytes: number;
  readonly region: string;
}

const imageOrigins = new WeakMap<ImageRec, ImageOrigin>();

export function imageOrigin(image: ImageRec): ImageOrigin | undefined {
  return imageOrigins.get(image);
}

/** Images hold the used part of the disk: a stable fraction so sizes look real and stay deterministic. */
function usedBytes(stacklet: StackletRec, id: number): number {
  return Math.round(stacklet.disk * (0.08 + (id % 7) / 100));
}

const gigabytes = (bytes: number): number => Math.round((bytes / GiB) * 100) / 100;

/** A snapshot of `stacklet`, in the specification's shape. */
export function makeImage(world: World, stacklet: StackletRec, name: string, createdAt = world.timestamp()): SnapshotRec {
  const id = world.imageId();
  const used = usedBytes(stacklet, id);
  const image: SnapshotRec = {
    id,
    name,
    created_at: createdAt,
    disk_size: stacklet.disk,
    size: used,
    size_gigabytes: gigabytes(used),
    regions: [stacklet.region.slug],
    stacklet: stackletRef(stacklet),
    task: null,
  };
  imageOrigins.set(image, { distribution: stacklet.distribution, diskBytes: stacklet.disk, region: stacklet.region.slug });
  return image;
}

/** A backup of `stacklet`, in the documentation's shape; snapshots and backups share one id space. */
export function makeBackup(world: World, stacklet: StackletRec, createdAt = world.timestamp()): BackupRec {
  const id = world.imageId();
  const backup: BackupRec = {
    id,
    created_at: createdAt,
    task: null,
    disk_size: gigabytes(stacklet.disk),
    size_gigabytes: gigabytes(usedBytes(stacklet, id)),
    stacklet: stackletRef(stacklet),
  };
  imageOrigins.set(backup, { distribution: stacklet.distribution, diskBytes: stacklet.disk, region: stacklet.region.slug });
  return backup;
}

export function makeVolume(world: World, init: { name: string; sizeGb: number; region: RegionRec; stacklet: StackletRec | null; createdAt?: string }): VolumeRec {
  return {
    id: randomUUID(),
    name: init.name,
    created_at: init.createdAt ?? world.timestamp(),
    task: null,
    region: init.region,
    size: init.sizeGb * GiB,
    size_gigabytes: init.sizeGb,
    stacklet: init.stacklet ? stackletRef(init.stacklet) : null,
  };
}

export function makeNodes(world: World, poolName: string, count: number, createdAt = world.timestamp()): KubernetesNodeRec[] {
  return Array.from({ length: count }, () => {
    const id = randomUUID();
    return { id, name: `${poolName}-${id.slice(0, 5)}`, created_at: createdAt };
  });
}

/** Grows or shrinks the node list to `count`, keeping the oldest nodes. */
export function resizeNodes(world: World, pool: NodePoolRec, count: number): void {
  if (count < pool.nodes.length) pool.nodes.splice(count);
  else pool.nodes.push(...makeNodes(world, pool.name, count - pool.nodes.length));
  pool.count = count;
}

export function makeNodePool(world: World, name: string, size: SizeRec, count: number, withNodes: boolean): NodePoolRec {
  return { id: randomUUID(), name, size: nodePoolSize(size), count, nodes: withNodes ? makeNodes(world, name, count) : [] };
}

/** The MD5 fingerprint in the colon form `ssh-keygen -l -E md5` prints. */
export function sshFingerprint(publicKey: string): string {
  const blob = Buffer.from(publicKey.split(/\s+/)[1] ?? '', 'base64');
  return createHash('md5').update(blob).digest('hex').match(/../g)!.join(':');
}
