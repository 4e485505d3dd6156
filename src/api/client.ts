/**
 * The typed client: one method per operation of the service (the specification's, and the documented extras
 * the extension needs). Every answer is read with the tolerant schemas in ./schemas; an item of a listing
 * that cannot be read is a `problems` entry of its ListResult, and every failure is an ApiError. See
 * docs/api-coverage.md for the source of each operation.
 */
import * as l10n from '@vscode/l10n';
import type * as z from 'zod/mini';
import { ApiError } from './errors';
import { readList, readOne, type ListPage, type Where } from './envelope';
import { DEFAULT_LISTING_LIMITS, ListingBudget, type ListingLimits } from './listingLimits';
import { collectPages, DEFAULT_PAGE_CONCURRENCY, type ListResult } from './paging';
import { refusalNamesField } from './refusals';
import { FIREWALL_RULE_FIELDS, spellFirewallRules, type RuleSpelling } from './firewallRuleSpelling';
import type * as req from './requests';
import * as s from './schemas';
import type { ProxyRoute } from './proxy';
import { HttpTransport, type HttpMethod, type RequestOptions, type TransportOptions } from './transport';
import { PageMemo } from './pageMemo';

export interface ClientOptions extends TransportOptions {
  /** Pages fetched at once after the first (default 4). */
  readonly pageConcurrency?: number;
  /** Page size asked for; the service may answer with its own (default 100). */
  readonly perPage?: number;
  /** What one listing may read at most (DEFAULT_LISTING_LIMITS for whatever is left out). */
  readonly listingLimits?: Partial<ListingLimits>;
}

export interface Call {
  readonly signal?: AbortSignal;
}

/** A listing's call: every page, or only the first as large as the service allows (one request, never a walk). */
export interface ListCall extends Call {
  readonly firstPageOnly?: boolean;
}

export interface StackletFilter extends ListCall {
  readonly tagName?: string;
  readonly region?: string;
}

export interface VolumeFilter extends ListCall {
  readonly region?: string;
}

export type { ListResult };

type Query = Readonly<Record<string, string | number | undefined>>;

interface Endpoint {
  /** Treat 404/405 as "this service does not offer the operation" (undocumented endpoints). */
  readonly optional?: string;
}

/** Items asked for on a first-page-only listing: the service's maximum page size. */
const FIRST_PAGE_SIZE = 200;

const byId = (item: { id: number | string }) => item.id;
const byUuid = (item: { uuid: string }) => item.uuid;
const bySlug = (item: { slug: string }) => item.slug;
const byName = (item: { name: string }) => item.name;

export class StackletClient {
  private readonly http: HttpTransport;
  private readonly concurrency: number;
  private readonly perPage: number | undefined;
  private readonly listingLimits: ListingLimits;
  private ruleSpelling: RuleSpelling = 'inbound';
  private readonly pages = new PageMemo();

  constructor(options: ClientOptions) {
    this.listingLimits = { ...DEFAULT_LISTING_LIMITS, ...options.listingLimits };
    this.concurrency = Math.max(1, options.pageConcurrency ?? DEFAULT_PAGE_CONCURRENCY);
    // One connection per page in flight, so that concurrent pages never queue behind each other.
    this.http = new HttpTransport({ connections: Math.max(8, this.concurrency), ...options });
    this.perPage = options.perPage === undefined ? 100 : options.perPage > 0 ? options.perPage : undefined;
  }

  dispose(): Promise<void> {
    this.pages.clear();
    return this.http.close();
  }

  /** Whether paths are sent in their trailing-slash form (learned from the service, or remembered). */
  get trailingSlash(): boolean {
    return this.http.trailingSlash;
  }

  /** How requests reach the service: directly, or through which proxy (Test Connection and the log say). */
  get route(): ProxyRoute {
    return this.http.route;
  }

  // ── account ───────────────────────────────────────────────────────────────
  getProfile(call?: Call): Promise<s.Profile> {
    return this.one('GET', '/v1/account/profile', s.Profile, ['profile'], call);
  }

  /**
   * The local emulator's own route, not the service's (the service has none: its 404 says "does not support"):
   * the caller's account back to the data it was seeded with. Reset Local Emulator sends it to an emulator
   * outside VS Code (npm start's); the one inside VS Code is reset in place.
   */
  resetEmulatorAccount(call?: Call): Promise<void> {
    return this.none('POST', '/_emulator/reset-account', call, { optional: l10n.t('resetting an emulator\'s account to its demo data') });
  }

  // ── catalog ───────────────────────────────────────────────────────────────
  listSizes(call?: ListCall): Promise<ListResult<s.Size>> {
    return this.list('/v1/sizes', s.Size, ['sizes'], bySlug, {}, call);
  }
  listRegions(call?: ListCall): Promise<ListResult<s.Region>> {
    return this.list('/v1/regions', s.Region, ['regions'], bySlug, {}, call);
  }
  listDistributions(call?: ListCall): Promise<ListResult<s.Distribution>> {
    return this.list('/v1/distributions', s.Distribution, ['distributions', 'distribution'], byName, {}, call);
  }
  listApplications(call?: ListCall): Promise<ListResult<s.Application>> {
    return this.list('/v1/applications', s.Application, ['applications', 'application'], bySlug, {}, call);
  }
  listContainers(call?: ListCall): Promise<ListResult<s.ContainerFamily>> {
    return this.list('/v1/containers', s.ContainerFamily, ['containers', 'container'], byName, {}, call);
  }
  listSshKeys(call?: ListCall): Promise<ListResult<s.SshKey>> {
    return this.list('/v1/ssh_keys', s.SshKey, ['ssh_keys'], byId, {}, call, { optional: l10n.t('listing SSH keys') });
  }
  createSshKey(body: req.CreateSshKeyBody, call?: Call): Promise<s.SshKey> {
    return this.one('POST', '/v1/ssh_keys', s.SshKey, ['ssh_key'], call, body);
  }
  deleteSshKey(id: number, call?: Call): Promise<void> {
    return this.none('DELETE', `/v1/ssh_keys/${id}`, call);
  }
  listTags(call?: ListCall): Promise<ListResult<s.Tag>> {
    return this.list('/v1/tags', s.Tag, ['tags'], byName, {}, call, { optional: l10n.t('listing tags') });
  }
  /** Makes a tag (DOC §11), optionally on stacklets; a service answering 405 here does not support it. */
  createTag(body: req.CreateTagBody, call?: Call): Promise<s.Tag> {
    return this.one('POST', '/v1/tags', s.Tag, ['tag'], call, body, { optional: l10n.t('creating tags') });
  }
  /** One tag by its name: the public client's `tags/{id}` (CLIENT); the name as the id is INFERRED. */
  getTag(name: string, call?: Call): Promise<s.Tag> {
    return this.one('GET', `/v1/tags/${enc(name)}`, s.Tag, ['tag'], call, undefined, { optional: l10n.t('reading tags') });
  }
  /** Deletes a tag, which takes it off what carries it (CLIENT; the name as the id INFERRED; 204 as every delete). */
  deleteTag(name: string, call?: Call): Promise<void> {
    return this.none('DELETE', `/v1/tags/${enc(name)}`, call, { optional: l10n.t('deleting tags') });
  }
  /** Untags a stacklet: the documentation has no untag, so this is the conventional form (optional). */
  untagStacklet(tag: string, stackletId: number, call?: Call): Promise<void> {
    return this.none('DELETE', `/v1/tags/${enc(tag)}/resources`, call, { optional: l10n.t('removing tags') }, { id: stackletId, type: 'stacklet' } satisfies req.TagResourceBody);
  }
  /** The account's projects (the documentation has no listing: optional). */
  listProjects(call?: ListCall): Promise<ListResult<s.Project>> {
    return this.list('/v1/projects', s.Project, ['projects'], byUuid, {}, call, { optional: l10n.t('listing projects') });
  }
  /**
   * Tags one resource (DOC §11): POST /v1/tags/:name/resources with `{id, type}`. Answers the resources the
   * service lists as tagged (none for an empty answer); an entry that cannot be read is left out.
   */
  async tagResource(tag: string, resource: req.TagResourceBody, call?: Call): Promise<s.TaggedResource[]> {
    const path = `/v1/tags/${enc(tag)}/resources`;
    const response = await this.call('POST', path, { body: resource, signal: call?.signal }, {});
    return response.json === undefined ? [] : readList(s.TaggedResource, response.json, ['resources', 'resource'], this.where('POST', path)).items;
  }

  // ── stacklets ─────────────────────────────────────────────────────────────
  listStacklets(filter: StackletFilter = {}): Promise<ListResult<s.Stacklet>> {
    return this.list('/v1/stacklets', s.Stacklet, ['stacklets'], byId, { tag_name: filter.tagName, region: filter.region }, filter);
  }
  getStacklet(id: number, call?: Call): Promise<s.Stacklet> {
    return this.one('GET', `/v1/stacklets/${id}`, s.Stacklet, ['stacklet'], call);
  }
  createStacklet(body: req.CreateStackletBody & { name: string }, call?: Call): Promise<s.Stacklet> {
    return this.one('POST', '/v1/stacklets', s.Stacklet, ['stacklet'], call, body);
  }
  /**
   * Several stacklets at once (`names`); the answer's key is `stacklets`. The stacklets were created whatever
   * the answer says, so one that cannot be read is left out rather than failing the call (a refresh shows it).
   */
  async createStacklets(body: Omit<req.CreateStackletBody, 'name'> & { names: string[] }, call?: Call): Promise<s.Stacklet[]> {
    const response = await this.http.request('POST', '/v1/stacklets', { body, signal: call?.signal });
    return readList(s.Stacklet, response.json, ['stacklets', 'stacklet'], this.where('POST', '/v1/stacklets')).items;
  }
  deleteStacklet(id: number, call?: Call): Promise<void> {
    return this.none('DELETE', `/v1/stacklets/${id}`, call);
  }
  /** Any action of POST /v1/stacklets/:id; the answer is the stacklet with its `task`. */
  stackletAction(id: number, body: req.StackletActionBody, call?: Call): Promise<s.Stacklet> {
    return this.one('POST', `/v1/stacklets/${id}`, s.Stacklet, ['stacklet'], call, body);
  }
  resizeStacklet(id: number, size: string, disk?: boolean, call?: Call): Promise<s.Stacklet> {
    return this.stackletAction(id, disk === undefined ? { action: 'resize', size } : { action: 'resize', size, disk }, call);
  }
  rebuildStacklet(id: number, image: string | number, call?: Call): Promise<s.Stacklet> {
    return this.stackletAction(id, { action: 'rebuild', image }, call);
  }
  enablePrivateNetworking(id: number, call?: Call): Promise<s.Stacklet> {
    return this.stackletAction(id, { action: 'enable_private_networking' }, call);
  }
  snapshotStacklet(id: number, name: string, call?: Call): Promise<s.Stacklet> {
    return this.stackletAction(id, { action: 'snapshot', name }, call);
  }
  resetPassword(id: number, password?: string, call?: Call): Promise<s.Stacklet> {
    return this.stackletAction(id, password === undefined ? { action: 'reset_password' } : { action: 'reset_password', password }, call);
  }
  powerOn(id: number, call?: Call): Promise<s.Stacklet> {
    return this.stackletAction(id, { action: 'power_on' }, call);
  }
  powerOff(id: number, call?: Call): Promise<s.Stacklet> {
    return this.stackletAction(id, { action: 'power_off' }, call);
  }
  powerCycle(id: number, call?: Call): Promise<s.Stacklet> {
    return this.stackletAction(id, { action: 'power_cycle' }, call);
  }
  renameStacklet(id: number, name: string, call?: Call): Promise<s.Stacklet> {
    return this.stackletAction(id, { action: 'rename', name }, call);
  }
  restoreStacklet(id: number, imageId: number, call?: Call): Promise<s.Stacklet> {
    return this.stackletAction(id, { action: 'restore', image_id: imageId }, call);
  }
  listStackletSnapshots(id: number, call?: Call): Promise<ListResult<s.Snapshot>> {
    return this.list(`/v1/stacklets/${id}/snapshots`, s.Snapshot, ['snapshots'], byId, {}, call);
  }

  // ── snapshots and backups ─────────────────────────────────────────────────
  listSnapshots(call?: ListCall): Promise<ListResult<s.Snapshot>> {
    return this.list('/v1/snapshots', s.Snapshot, ['snapshots'], byId, {}, call);
  }
  getSnapshot(id: number, call?: Call): Promise<s.Snapshot> {
    return this.one('GET', `/v1/snapshots/${id}`, s.Snapshot, ['snapshot'], call);
  }
  deleteSnapshot(id: number, call?: Call): Promise<void> {
    return this.none('DELETE', `/v1/snapshots/${id}`, call);
  }
  renameSnapshot(id: number, name: string, call?: Call): Promise<s.Snapshot> {
    return this.one('POST', `/v1/snapshots/${id}`, s.Snapshot, ['snapshot'], call, { action: 'rename', name } satisfies req.SnapshotActionBody);
  }
  transferSnapshot(id: number, region: string, call?: Call): Promise<s.Snapshot> {
    return this.one('POST', `/v1/snapshots/${id}`, s.Snapshot, ['snapshot'], call, { action: 'transfer', region } satisfies req.SnapshotActionBody);
  }
  listBackups(call?: ListCall): Promise<ListResult<s.Backup>> {
    return this.list('/v1/backups', s.Backup, ['backups'], byId, {}, call, { optional: l10n.t('listing backups') });
  }
  deleteBackup(id: number, call?: Call): Promise<void> {
    return this.none('DELETE', `/v1/backups/${id}`, call, { optional: l10n.t('deleting backups') });
  }

  // ── volumes ───────────────────────────────────────────────────────────────
  /**
   * The specification ties the `region` filter to a /v2 prefix, so a service may ignore it on /v1 and list
   * every volume: the answer is filtered here too, and then counts only the region's volumes.
   */
  async listVolumes(filter: VolumeFilter = {}): Promise<ListResult<s.Volume>> {
    const result = await this.list('/v1/volumes', s.Volume, ['volumes'], byId, { region: filter.region }, filter);
    if (!filter.region) return result;
    const items = result.items.filter((volume) => volume.region.slug === filter.region);
    return items.length === result.items.length ? result : { ...result, items, total: items.length };
  }
  getVolume(id: string, call?: Call): Promise<s.Volume> {
    return this.one('GET', `/v1/volumes/${enc(id)}`, s.Volume, ['volume'], call);
  }
  createVolume(body: req.CreateVolumeBody, call?: Call): Promise<s.Volume> {
    return this.one('POST', '/v1/volumes', s.Volume, ['volume'], call, body);
  }
  deleteVolume(id: string, call?: Call): Promise<void> {
    return this.none('DELETE', `/v1/volumes/${enc(id)}`, call);
  }
  volumeAction(id: string, body: req.VolumeActionBody, call?: Call): Promise<s.Volume> {
    return this.one('PUT', `/v1/volumes/${enc(id)}`, s.Volume, ['volume'], call, body);
  }
  attachVolume(id: string, stackletId: number, call?: Call): Promise<s.Volume> {
    return this.volumeAction(id, { action: 'attach', stacklet_id: stackletId }, call);
  }
  detachVolume(id: string, stackletId?: number, call?: Call): Promise<s.Volume> {
    return this.volumeAction(id, stackletId === undefined ? { action: 'detach' } : { action: 'detach', stacklet_id: stackletId }, call);
  }
  resizeVolume(id: string, sizeGigabytes: number, call?: Call): Promise<s.Volume> {
    return this.volumeAction(id, { action: 'resize', size_gigabytes: sizeGigabytes }, call);
  }
  renameVolume(id: string, name: string, call?: Call): Promise<s.Volume> {
    return this.volumeAction(id, { action: 'rename', name }, call);
  }

  // ── firewalls ─────────────────────────────────────────────────────────────
  listFirewalls(call?: ListCall): Promise<ListResult<s.Firewall>> {
    return this.list('/v1/firewalls', s.Firewall, ['firewalls'], byUuid, {}, call, { optional: l10n.t('listing firewalls') });
  }
  getFirewall(uuid: string, call?: Call): Promise<s.Firewall> {
    return this.one('GET', `/v1/firewalls/${enc(uuid)}`, s.Firewall, ['firewall'], call);
  }
  /**
   * The documentation spells a new firewall's rule arrays two ways (service notes §16 #1): a create refused
   * with a message that names a rule field is sent once more with the other spelling (safe: the first was
   * refused), and the spelling that worked is kept for this client's later creates.
   */
  async createFirewall(body: req.CreateFirewallBody, call?: Call): Promise<s.Firewall> {
    const spelling = this.ruleSpelling;
    try {
      return await this.one('POST', '/v1/firewalls', s.Firewall, ['firewall'], call, spellFirewallRules(body, spelling));
    } catch (error) {
      if (!refusalNamesField(error, FIREWALL_RULE_FIELDS)) throw error;
      const other = spelling === 'inbound' ? 'inboud' : 'inbound';
      const made = await this.one('POST', '/v1/firewalls', s.Firewall, ['firewall'], call, spellFirewallRules(body, other));
      this.ruleSpelling = other;
      return made;
    }
  }
  renameFirewall(uuid: string, name: string, call?: Call): Promise<s.Firewall> {
    return this.one('PUT', `/v1/firewalls/${enc(uuid)}`, s.Firewall, ['firewall'], call, { name } satisfies req.UpdateFirewallBody);
  }
  deleteFirewall(uuid: string, call?: Call): Promise<void> {
    return this.none('DELETE', `/v1/firewalls/${enc(uuid)}`, call, { optional: l10n.t('deleting firewalls') });
  }
  /** Adds rules; answers the firewall's rule set (a bare object in the documentation's example). */
  addFirewallRules(uuid: string, rules: req.FirewallRulesBody, call?: Call): Promise<s.FirewallRuleSet | undefined> {
    return this.maybeOne('POST', `/v1/firewalls/${enc(uuid)}/rules`, s.FirewallRuleSet, ['rules'], call, rules, {
      optional: l10n.t('editing firewall rules'),
    });
  }
  removeFirewallRules(uuid: string, rules: req.FirewallRulesBody, call?: Call): Promise<void> {
    return this.none('DELETE', `/v1/firewalls/${enc(uuid)}/rules`, call, { optional: l10n.t('editing firewall rules') }, rules);
  }
  addFirewallStacklets(uuid: string, stackletIds: number[], call?: Call): Promise<void> {
    return this.none('POST', `/v1/firewalls/${enc(uuid)}/stacklets`, call, { optional: l10n.t('attaching stacklets to firewalls') }, { stacklet_ids: stackletIds });
  }
  removeFirewallStacklets(uuid: string, stackletIds: number[], call?: Call): Promise<void> {
    return this.none('DELETE', `/v1/firewalls/${enc(uuid)}/stacklets`, call, { optional: l10n.t('detaching stacklets from firewalls') }, { stacklet_ids: stackletIds });
  }

  // ── load balancers ────────────────────────────────────────────────────────
  listLoadBalancers(call?: ListCall): Promise<ListResult<s.LoadBalancer>> {
    return this.list('/v1/load_balancers', s.LoadBalancer, ['load_balancers', 'load_balancer'], byUuid, {}, call);
  }
  getLoadBalancer(uuid: string, call?: Call): Promise<s.LoadBalancer> {
    return this.one('GET', `/v1/load_balancers/${enc(uuid)}`, s.LoadBalancer, ['load_balancer'], call);
  }
  createLoadBalancer(body: req.CreateLoadBalancerBody, call?: Call): Promise<s.LoadBalancer> {
    return this.one('POST', '/v1/load_balancers', s.LoadBalancer, ['load_balancer'], call, body);
  }
  updateLoadBalancer(uuid: string, body: req.UpdateLoadBalancerBody, call?: Call): Promise<s.LoadBalancer> {
    return this.one('PUT', `/v1/load_balancers/${enc(uuid)}`, s.LoadBalancer, ['load_balancer'], call, body);
  }
  deleteLoadBalancer(uuid: string, call?: Call): Promise<void> {
    return this.none('DELETE', `/v1/load_balancers/${enc(uuid)}`, call, { optional: l10n.t('deleting load balancers') });
  }
  addLoadBalancerRules(uuid: string, rules: req.ForwardingRuleInput[], call?: Call): Promise<void> {
    return this.none('POST', `/v1/load_balancers/${enc(uuid)}/rules`, call, { optional: l10n.t('editing load balancer rules') }, { rules } satisfies req.LoadBalancerRulesBody);
  }
  removeLoadBalancerRules(uuid: string, rules: req.ForwardingRuleInput[], call?: Call): Promise<void> {
    return this.none('DELETE', `/v1/load_balancers/${enc(uuid)}/rules`, call, { optional: l10n.t('editing load balancer rules') }, { rules } satisfies req.LoadBalancerRulesBody);
  }
  addLoadBalancerStacklets(uuid: string, stackletIds: number[], call?: Call): Promise<void> {
    return this.none('POST', `/v1/load_balancers/${enc(uuid)}/stacklets`, call, { optional: l10n.t('adding stacklets to load balancers') }, { stacklet_ids: stackletIds });
  }
  removeLoadBalancerStacklets(uuid: string, stackletIds: number[], call?: Call): Promise<void> {
    return this.none('DELETE', `/v1/load_balancers/${enc(uuid)}/stacklets`, call, { optional: l10n.t('removing stacklets from load balancers') }, { stacklet_ids: stackletIds });
  }

  // ── kubernetes ────────────────────────────────────────────────────────────
  listKubernetesClusters(call?: ListCall): Promise<ListResult<s.KubernetesCluster>> {
    return this.list('/v1/kubernetes', s.KubernetesCluster, ['kubernetes_clusters', 'kubernetes', 'clusters'], byUuid, {}, call, {
      optional: l10n.t('listing Kubernetes clusters'),
    });
  }
  getKubernetesCluster(uuid: string, call?: Call): Promise<s.KubernetesCluster> {
    return this.one('GET', `/v1/kubernetes/${enc(uuid)}`, s.KubernetesCluster, ['kubernetes', 'kubernetes_cluster'], call);
  }
  createKubernetesCluster(body: req.CreateKubernetesBody, call?: Call): Promise<s.KubernetesCluster> {
    return this.one('POST', '/v1/kubernetes', s.KubernetesCluster, ['kubernetes', 'kubernetes_cluster'], call, body);
  }
  renameKubernetesCluster(uuid: string, name: string, call?: Call): Promise<s.KubernetesCluster> {
    return this.one('PUT', `/v1/kubernetes/${enc(uuid)}`, s.KubernetesCluster, ['kubernetes', 'kubernetes_cluster'], call, {
      name,
    } satisfies req.UpdateKubernetesBody);
  }
  deleteKubernetesCluster(uuid: string, call?: Call): Promise<void> {
    return this.none('DELETE', `/v1/kubernetes/${enc(uuid)}`, call, { optional: l10n.t('deleting Kubernetes clusters') });
  }
  /** Renames a node pool and sets its node count; answers every pool of the cluster (those that can be read). */
  async updateNodePool(clusterUuid: string, poolId: string, body: req.UpdateNodePoolBody, call?: Call): Promise<s.NodePool[]> {
    const path = `/v1/kubernetes/${enc(clusterUuid)}/node_pools/${enc(poolId)}`;
    const response = await this.http.request('PUT', path, { body, signal: call?.signal });
    return readList(s.NodePool, response.json, ['node_pools', 'node_pool'], this.where('PUT', path)).items;
  }

  /** Adds a node pool to a cluster (the conventional form; optional); answers the new pool. */
  addNodePool(clusterUuid: string, body: req.CreateNodePoolBody, call?: Call): Promise<s.NodePool> {
    return this.one('POST', `/v1/kubernetes/${enc(clusterUuid)}/node_pools`, s.NodePool, ['node_pool'], call, body, { optional: l10n.t('adding node pools') });
  }
  deleteNodePool(clusterUuid: string, poolId: string, call?: Call): Promise<void> {
    return this.none('DELETE', `/v1/kubernetes/${enc(clusterUuid)}/node_pools/${enc(poolId)}`, call, { optional: l10n.t('deleting node pools') });
  }

  // ── VPCs ──────────────────────────────────────────────────────────────────
  listVpcs(call?: ListCall): Promise<ListResult<s.Vpc>> {
    return this.list('/v1/vpcs', s.Vpc, ['vpcs', 'vpc'], byUuid, {}, call, { optional: l10n.t('listing VPCs') });
  }
  getVpc(uuid: string, call?: Call): Promise<s.Vpc> {
    return this.one('GET', `/v1/vpcs/${enc(uuid)}`, s.Vpc, ['vpc'], call);
  }
  createVpc(body: req.CreateVpcBody, call?: Call): Promise<s.Vpc> {
    return this.one('POST', '/v1/vpcs', s.Vpc, ['vpc'], call, body);
  }
  renameVpc(uuid: string, name: string, call?: Call): Promise<s.Vpc> {
    return this.one('PUT', `/v1/vpcs/${enc(uuid)}`, s.Vpc, ['vpc'], call, { name } satisfies req.UpdateVpcBody);
  }
  deleteVpc(uuid: string, call?: Call): Promise<void> {
    return this.none('DELETE', `/v1/vpcs/${enc(uuid)}`, call, { optional: l10n.t('deleting VPCs') });
  }

  // ── userdata ──────────────────────────────────────────────────────────────
  listUserdata(call?: ListCall): Promise<ListResult<s.Userdata>> {
    return this.list('/v1/userdata', s.Userdata, ['userdata'], byUuid, {}, call);
  }
  getUserdata(uuid: string, call?: Call): Promise<s.Userdata> {
    return this.one('GET', `/v1/userdata/${enc(uuid)}`, s.Userdata, ['userdata'], call);
  }
  createUserdata(body: req.UserdataBody, call?: Call): Promise<s.Userdata> {
    return this.one('POST', '/v1/userdata', s.Userdata, ['userdata'], call, body);
  }
  updateUserdata(uuid: string, body: req.UserdataBody, call?: Call): Promise<s.Userdata> {
    return this.one('PUT', `/v1/userdata/${enc(uuid)}`, s.Userdata, ['userdata'], call, body);
  }
  deleteUserdata(uuid: string, call?: Call): Promise<void> {
    return this.none('DELETE', `/v1/userdata/${enc(uuid)}`, call, { optional: l10n.t('deleting userdata scripts') });
  }

  // ── plumbing ──────────────────────────────────────────────────────────────
  /** Where an answer came from, for its errors: the path and what the answer adds to them with the token masked. */
  private where(method: HttpMethod, path: string): Where {
    return { method, path: this.http.redact(path), redact: (text) => this.http.redact(text) };
  }

  private async one<S extends z.ZodMiniType>(
    method: HttpMethod,
    path: string,
    schema: S,
    keys: readonly string[],
    call: Call | undefined,
    body?: unknown,
    endpoint: Endpoint = {},
  ): Promise<z.output<S>> {
    const response = await this.call(method, path, { body, signal: call?.signal }, endpoint);
    return readOne(schema, response.json, keys, this.where(method, path));
  }

  /** Like `one`, but an empty answer (204) is fine. */
  private async maybeOne<S extends z.ZodMiniType>(
    method: HttpMethod,
    path: string,
    schema: S,
    keys: readonly string[],
    call: Call | undefined,
    body: unknown,
    endpoint: Endpoint,
  ): Promise<z.output<S> | undefined> {
    const response = await this.call(method, path, { body, signal: call?.signal }, endpoint);
    return response.json === undefined ? undefined : readOne(schema, response.json, keys, this.where(method, path));
  }

  private async none(method: HttpMethod, path: string, call: Call | undefined, endpoint: Endpoint = {}, body?: unknown): Promise<void> {
    await this.call(method, path, { body, signal: call?.signal }, endpoint);
  }

  private async list<S extends z.ZodMiniType>(
    path: string,
    schema: S,
    keys: readonly string[],
    keyOf: (item: z.output<S>) => string | number,
    query: Query,
    call: ListCall | undefined,
    endpoint: Endpoint = {},
  ): Promise<ListResult<z.output<S>>> {
    const where = this.where('GET', path);
    const budget = new ListingBudget(this.listingLimits, where);
    if (call?.firstPageOnly) {
      const response = await this.call('GET', path, { query: { ...query, per_page: FIRST_PAGE_SIZE }, signal: call.signal, budget }, endpoint);
      const { items, meta, problems } = readList(schema, response.json, keys, where);
      budget.takeItems(items.length);
      const pagination = meta?.pagination;
      const incomplete = pagination ? !!pagination.next_page || pagination.pages > 1 : false;
      return { items, total: pagination?.total ?? items.length, pages: 1, ...(incomplete ? { incomplete } : {}), ...(problems.length > 0 ? { problems } : {}) };
    }
    return collectPages(
      async (page, signal) => {
        const pageQuery = { ...query, page: page === 1 ? undefined : page, per_page: this.perPage };
        // Each path is read with one schema: the path and the query name what is read from a page.
        const memoKey = JSON.stringify([path, pageQuery]);
        const response = await this.call('GET', path, { query: pageQuery, signal, budget, digest: { before: this.pages.digestOf(memoKey) } }, endpoint);
        const again = response.same && response.digest ? this.pages.readOf<ListPage<z.output<S>>>(memoKey, response.digest) : undefined;
        const read = again ?? readList(schema, response.json, keys, where);
        if (response.digest && !again) this.pages.remember(memoKey, { digest: response.digest, bytes: response.bytes ?? 0, read });
        const { items, meta, problems } = read;
        budget.takeItems(items.length);
        return { items, pagination: meta?.pagination ?? undefined, problems: problems.map((problem) => ({ ...problem, page })) };
      },
      { concurrency: this.concurrency, keyOf, maxPages: this.listingLimits.maxPages, ...(call?.signal ? { signal: call.signal } : {}) },
    );
  }

  private async call(
    method: HttpMethod,
    path: string,
    options: { body?: unknown; query?: Query; signal?: AbortSignal | undefined; budget?: ListingBudget; digest?: RequestOptions['digest'] },
    endpoint: Endpoint,
  ) {
    try {
      return await this.http.request(method, path, {
        ...(options.body !== undefined ? { body: options.body } : {}),
        ...(options.query ? { query: options.query } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.budget ? { budget: options.budget } : {}),
        ...(options.digest ? { digest: options.digest } : {}),
      });
    } catch (error) {
      if (
        endpoint.optional &&
        error instanceof ApiError &&
        error.kind === 'http' &&
        (error.status === 405 || error.status === 501 || (error.status === 404 && isRouteMissing(error)))
      ) {
        throw new ApiError(l10n.t('This service does not support {0} (HTTP {1}).', endpoint.optional, error.status), {
          kind: 'unsupported', method, path: error.path, status: error.status,
        });
      }
      throw error;
    }
  }
}

function enc(segment: string): string {
  return encodeURIComponent(segment);
}

/**
 * A 404 on an undocumented endpoint means "no such route" unless the service says which resource it did not
 * find; list endpoints have no resource in the path, so any 404 there is a missing route.
 */
function isRouteMissing(error: ApiError): boolean {
  const message = error.serviceMessage?.toLowerCase() ?? '';
  const namesResource = /\b(stacklet|firewall|volume|snapshot|backup|load balancer|cluster|node pool|vpc|userdata|key|project|tag)\b.*not found/.test(message);
  return !namesResource;
}
