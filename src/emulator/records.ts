/**
 * The emulator's records. Each is kept in the exact shape the service returns, so a response serialises the
 * stored object as it is (no per-request copying); related records are kept in step when something changes.
 */

export interface TaskRec {
  id: number;
  name: string;
  description: { progress: string; completed: string };
}

/** Anything that can run a task. */
export interface Tasked {
  task: TaskRec | null;
}

export interface RegionRec {
  slug: string;
  name: string;
  features: string[];
  available: boolean;
}

export interface SizeRec {
  id: number;
  slug: string;
  vcpu: number;
  disk: number;
  memory: number;
  bandwidth: number;
  available: boolean;
  price_hourly: number;
  price_monthly: number;
}

export interface NodePoolSizeRec extends SizeRec {
  category: { name: string; premium: boolean; cpu_model: string; description: string };
  snapshots_limit: number;
}

export interface DistributionImageRec {
  id?: number;
  name: string;
  slug: string;
  version: string;
  available: boolean;
  default: boolean;
  extra_price: string;
  size_ids: number[];
  min_disk: number | null;
  min_vcpu: number | null;
  min_memory: number | null;
}

export interface DistributionRec {
  name: string;
  images: DistributionImageRec[];
}

export interface ApplicationRec {
  id: number;
  name: string;
  slug: string;
  version: string;
  available: boolean;
  extra_price: number;
  size_ids: number[];
}

export interface ContainerImageRec {
  id?: number;
  slug: string;
  version: string;
  default: boolean;
  size_ids: number[];
  available: boolean;
  extra_price: string;
}

export interface ContainerFamilyRec {
  name: string;
  images: ContainerImageRec[];
}

export interface KubernetesVersionRec {
  slug: string;
  version: string;
  min_vcpu: number;
  min_disk: number;
  min_memory: number;
  available: boolean;
}

export interface NetworkV4 {
  address: string;
  gateway: string;
  netmask: string;
  type: 'public' | 'private';
}

export interface NetworkV6 {
  address: string;
  gateway: string;
  netmask: number;
  range_start: string;
  range_end: string;
  type: 'public';
}

/** The image as a stacklet's `distribution.image` shows it. */
export interface StackletImage {
  available: boolean;
  default: boolean;
  extra_price: string;
  min_disk: number | null;
  min_vcpu: number | null;
  min_memory: number | null;
  slug: string;
  version: string;
}

export interface StackletRec extends Tasked {
  id: number;
  name: string;
  created_at: string;
  application: { id: number; name: string; slug: string } | null;
  backup_ids: number[];
  backups_enabled: boolean;
  disk: number;
  memory: number;
  vcpu: number;
  distribution: { name: string; image: StackletImage };
  firewall_uuid: string | null;
  locked: boolean;
  recovery_mode: boolean;
  networks: { v4: NetworkV4[]; v6: NetworkV6[] };
  region: RegionRec;
  size: SizeRec;
  snapshot_ids: number[];
  status: 'active' | 'inactive' | 'off';
  tags: string[];
  volume_uuid: string | null;
  vpc_uuid: string | null;
}

/** The stacklet nested in a volume, snapshot or backup (elided in the service's examples). */
export interface StackletRef {
  id: number;
  name: string;
}

export interface SnapshotRec extends Tasked {
  id: number;
  name: string;
  created_at: string;
  disk_size: number;
  size: number;
  size_gigabytes: number;
  regions: string[];
  stacklet: StackletRef;
}

/**
 * A backup as the documentation lists them (`GET /v1/backups`): no name and no regions, and `disk_size` a
 * number of GB, as in its example.
 */
export interface BackupRec extends Tasked {
  id: number;
  created_at: string;
  disk_size: number;
  size_gigabytes: number;
  stacklet: StackletRef;
}

/** What restore and a new stacklet's `image` take besides the catalog: a snapshot or a backup of the account. */
export type ImageRec = SnapshotRec | BackupRec;

export interface VolumeRec extends Tasked {
  id: string;
  name: string;
  created_at: string;
  region: RegionRec;
  size: number;
  size_gigabytes: number;
  stacklet: StackletRef | null;
}

export interface FirewallRuleRec {
  address: string;
  port: number | null;
  protocol: string | null;
}

export interface ProjectRef {
  id: string;
  name: string;
}

/** A project as the documentation's create example answers it (service notes §13). */
export interface ProjectRec {
  uuid: string;
  name: string;
  description: string;
  environment: string;
  color: string;
  is_default: boolean;
  budget: string;
  owner_uuid: string;
  created_at: string;
  updated_at: string;
}

export interface FirewallRec {
  uuid: string;
  name: string;
  created_at: string;
  inbound_rules: FirewallRuleRec[];
  outbound_rules: FirewallRuleRec[];
  project: ProjectRef;
  resources: { stacklet_ids: number[] };
}

export interface ForwardingRuleRec {
  protocol: string;
  source_port: number;
  target_port: number;
  certificate_id: number | null;
  tls_passthrough: boolean;
}

export interface HealthRec {
  protocol: string;
  port?: number;
  path?: string;
  interval: number;
  rise: number;
  fall: number;
}

export interface LoadBalancerRec extends Tasked {
  uuid: string;
  name: string;
  created_at: string;
  region: RegionRec;
  ip: string;
  algorithm: string;
  sticky_sessions: { name?: string; ttl?: string } | null;
  rules: ForwardingRuleRec[];
  health: HealthRec;
  redirect_http_to_https: boolean;
  stacklet_ids: number[];
}

export interface KubernetesNodeRec {
  id: string;
  name: string;
  created_at: string;
}

export interface NodePoolRec {
  id: string;
  name: string;
  size: NodePoolSizeRec;
  count: number;
  nodes: KubernetesNodeRec[];
}

export interface KubernetesRec extends Tasked {
  uuid: string;
  name: string;
  tags: string[];
  ipv4: string;
  region: RegionRec;
  version: KubernetesVersionRec;
  endpoint: string;
  created_at: string;
  node_pools: NodePoolRec[];
  cluster_subnet: string;
  service_subnet: string;
}

export interface VpcRec {
  uuid: string;
  name: string;
  cidr: string;
  created_at: string;
  region: RegionRec;
  stacklet_ids: number[];
}

export interface UserdataRec {
  uuid: string;
  name: string;
  userdata: string;
  created_at: string;
}

export interface SshKeyRec {
  id: number;
  name: string;
  fingerprint: string;
  public_key: string;
  created_at: string;
}

/**
 * A tag made with POST /v1/tags. A tag also exists while a stacklet carries it (tagging one makes it), so this
 * holds the tags made on their own, which stay when nothing carries them.
 */
export interface TagRec {
  name: string;
  project_uuid: string;
}

export interface ProfileRec {
  uuid: string;
  first_name: string;
  last_name: string;
  email: string;
  company: string;
  phone: string;
  address: string;
  created_at: string;
  features: string[];
  gravatar_url: string;
  is_member: boolean;
  is_verified: boolean;
  is_email_confirmed: boolean;
}
