// The emulator's routes as the property, auth and isolation tests drive them: which ids each path parameter
// takes, and a valid body for every route that reads one (with every field name it reads, aliases included).
import * as assert from 'node:assert/strict';
import type { WorldSnapshot } from '../../../src/emulator/world';
import type { Json } from './helpers';

export const SSH_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHByb3BlcnR5LXRlc3Qta2V5LTAwMDAwMDAwMDAwMA property@test';

/** Ids of one account's resources, by the path parameter that names them. */
export interface Ids {
  stacklets: string[];
  snapshots: string[];
  volumes: string[];
  firewalls: string[];
  loadBalancers: string[];
  clusters: string[];
  pools: string[];
  vpcs: string[];
  userdata: string[];
  sshKeys: string[];
  backups: string[];
  projects: string[];
  /** The account's tags by name (a tag has no other identity): those made with POST /v1/tags and those stacklets carry. */
  tags: string[];
}

export function idsOf(snapshot: WorldSnapshot, email: string): Ids {
  const a = snapshot.accounts[email] as Record<string, Json[]>;
  const all = (list: Json[], key: string): string[] => list.map((r) => String(r[key]));
  return {
    stacklets: all(a['stacklets']!, 'id'),
    snapshots: all(a['snapshots']!, 'id'),
    volumes: all(a['volumes']!, 'id'),
    firewalls: all(a['firewalls']!, 'uuid'),
    loadBalancers: all(a['loadBalancers']!, 'uuid'),
    clusters: all(a['clusters']!, 'uuid'),
    pools: a['clusters']!.flatMap((c) => c.node_pools.map((p: Json) => String(p.id))),
    vpcs: all(a['vpcs']!, 'uuid'),
    userdata: all(a['userdata']!, 'uuid'),
    sshKeys: [...all(a['sshKeys']!, 'id'), ...all(a['sshKeys']!, 'fingerprint')],
    backups: all(a['backups']!, 'id'),
    projects: all(a['projects']!, 'uuid'),
    tags: [...new Set([...all(a['tags'] ?? [], 'name'), ...a['stacklets']!.flatMap((s) => s.tags as string[])])],
  };
}

/** Which ids a path parameter takes, from the route pattern. */
export function idSource(pattern: string, param: string): keyof Ids {
  if (param === 'pool_id') return 'pools';
  const family = pattern.split('/')[2]!;
  const map: Record<string, keyof Ids> = {
    stacklets: 'stacklets', snapshots: 'snapshots', volumes: 'volumes', firewalls: 'firewalls', load_balancers: 'loadBalancers',
    kubernetes: 'clusters', vpcs: 'vpcs', vpc: 'vpcs', userdata: 'userdata', ssh_keys: 'sshKeys',
    backups: 'backups', projects: 'projects', tags: 'tags',
  };
  const source = map[family];
  assert.ok(source, `no id source for ${pattern}`);
  return source;
}

export interface Template {
  /** Every field name the route reads from the body (canonical spellings and aliases). */
  readonly fields: readonly string[];
  /** Valid bodies for the route (the state may still refuse them: busy, already used, limits). */
  readonly bodies?: (ids: Ids) => Json[];
}

const fwRule = { address: '192.0.2.0/24', port: 443, protocol: 'tcp' };
const lbRule = { protocol: 'http', source_port: 80, target_port: 8080 };
const health = { protocol: 'http', port: 8080, path: '/healthz' };
const first = (list: string[]): number => Number(list[0] ?? 1);
const stackletFields = ['name', 'names', 'size', 'image', 'region', 'tags', 'volume', 'backups', 'ssh_keys', 'vpc_uuid', 'project_uuid', 'userdata_uuid', 'firewall_uuid', 'private_networking', 'password'];
const fwFields = ['name', 'inbound_rules', 'outbound_rules', 'inboud_rules', 'outboud_rules', 'otbound_rules', 'stacklet_ids', 'project_uuid'];
const lbFields = ['name', 'rules', 'region', 'health', 'algorithm', 'project_uuid', 'stacklet_ids', 'stacklet_id', 'sticky_sessions', 'redirect_http_to_https'];
const rulesBody: Template = { fields: ['inbound_rules', 'outbound_rules', 'inboud_rules', 'outboud_rules', 'otbound_rules'], bodies: () => [{ inbound_rules: [fwRule] }, { outbound_rules: [{ address: '0.0.0.0/0' }] }] };
const stackletIdsBody: Template = { fields: ['stacklet_ids', 'stacklet_id'], bodies: (ids) => [{ stacklet_ids: [first(ids.stacklets)] }, { stacklet_id: first(ids.stacklets) }] };
const noBody: Template = { fields: [] };
const vpcCreate: Template = { fields: ['name', 'cidr', 'region', 'project_uuid'], bodies: () => [{ name: 'prop-vpc', cidr: '10.77.0.0/24', region: 'fra' }, { name: 'prop-vpc-2', cidr: '172.16.8.0/24' }] };
const nameOnly: Template = { fields: ['name'], bodies: () => [{ name: 'prop-renamed' }] };
const userdataBody: Template = { fields: ['name', 'userdata'], bodies: () => [{ name: 'prop-ud', userdata: '#!/bin/sh\necho property\n' }] };
const poolBody: Template = { fields: ['name', 'count', 'id'], bodies: (ids) => [{ name: 'pool-renamed', count: 2 }, { name: 'pool-renamed', count: '3', id: ids.pools[0] }] };
const tagBody: Template = { fields: ['id', 'type'], bodies: (ids) => [{ id: first(ids.stacklets), type: 'stacklet' }] };

/** Body templates of every route that takes a body (POST, PUT and the DELETEs with one). */
export const TEMPLATES: Readonly<Record<string, Template>> = {
  'POST /v1/stacklets': {
    fields: stackletFields,
    bodies: () => [
      { name: 'prop-1', size: 'b-1vcpu-1gb', region: 'fra', image: 'ubuntu-22-04-x64' },
      { names: ['prop-a', 'prop-b'], size: 'b-1vcpu-2gb', region: 'ams', image: 'ubuntu-22-04-x64', tags: ['prop'], backups: true, volume: { name: 'v', size_gigabytes: 10 } },
    ],
  },
  'POST /v1/stacklets/:id': {
    fields: ['action', 'size', 'disk', 'image', 'name', 'password', 'image_id'],
    bodies: (ids) => [
      { action: 'resize', size: 'b-2vcpu-4gb', disk: false },
      { action: 'rebuild', image: 'ubuntu-22-04-x64' },
      { action: 'enable_private_networking' },
      { action: 'snapshot', name: 'prop-snap' },
      { action: 'reset_password', password: 'correct-horse-battery' },
      { action: 'power_on' },
      { action: 'power_off' },
      { action: 'power_cycle' },
      { action: 'rename', name: 'prop-renamed' },
      { action: 'restore', image_id: first(ids.snapshots) },
    ],
  },
  'DELETE /v1/stacklets/:id': noBody,
  'POST /v1/snapshots/:id': { fields: ['action', 'region', 'name'], bodies: () => [{ action: 'transfer', region: 'nyc' }, { action: 'rename', name: 'prop-snap' }] },
  'DELETE /v1/snapshots/:id': noBody,
  'DELETE /v1/backups/:id': noBody,
  'POST /v1/volumes': { fields: ['name', 'stacklet_id', 'size_gigabytes'], bodies: (ids) => [{ name: 'prop-vol', stacklet_id: first(ids.stacklets), size_gigabytes: 20 }] },
  'PUT /v1/volumes/:id': {
    fields: ['action', 'stacklet_id', 'size_gigabytes', 'name'],
    bodies: (ids) => [{ action: 'attach', stacklet_id: first(ids.stacklets) }, { action: 'detach' }, { action: 'resize', size_gigabytes: 900 }, { action: 'rename', name: 'prop-vol' }],
  },
  'DELETE /v1/volumes/:id': noBody,
  'POST /v1/firewalls': { fields: fwFields, bodies: (ids) => [{ name: 'prop-fw', inbound_rules: [fwRule], outbound_rules: [], stacklet_ids: [first(ids.stacklets)] }] },
  'POST /v1/firewalls/:uuid/rules': rulesBody,
  'DELETE /v1/firewalls/:uuid/rules': rulesBody,
  'POST /v1/firewalls/:uuid/stacklets': stackletIdsBody,
  'DELETE /v1/firewalls/:uuid/stacklets': stackletIdsBody,
  'PUT /v1/firewalls/:uuid': nameOnly,
  'DELETE /v1/firewalls/:uuid': noBody,
  'POST /v1/load_balancers': {
    fields: lbFields,
    bodies: (ids) => [
      { name: 'prop-lb', rules: [lbRule], region: 'fra', health, algorithm: 'round_robin' },
      { name: 'prop-lb-2', rules: [lbRule], region: 'fra', health: [health], algorithm: 'least_connections', stacklet_id: first(ids.stacklets), sticky_sessions: { name: 'sid', ttl: 60 } },
    ],
  },
  'POST /v1/load_balancers/:uuid/rules': { fields: ['rules'], bodies: () => [{ rules: [{ ...lbRule, source_port: 8443 }] }] },
  'DELETE /v1/load_balancers/:uuid/rules': { fields: ['rules'], bodies: () => [{ rules: [lbRule] }] },
  'POST /v1/load_balancers/:uuid/stacklets': stackletIdsBody,
  'DELETE /v1/load_balancers/:uuid/stacklets': stackletIdsBody,
  'PUT /v1/load_balancers/:uuid': { fields: ['name', 'health', 'algorithm', 'sticky_sessions', 'redirect_http_to_https'], bodies: () => [{ name: 'prop-lb', health, algorithm: 'round_robin', redirect_http_to_https: true }] },
  'DELETE /v1/load_balancers/:uuid': noBody,
  'POST /v1/kubernetes': {
    fields: ['name', 'version', 'region', 'node_pool', 'project_uuid'],
    bodies: () => [{ name: 'prop-k8s', version: '1.30', region: 'fra', node_pool: { name: 'pool', size: 'b-2vcpu-4gb', count: 2 } }],
  },
  'PUT /v1/kubernetes': { fields: ['name', 'uuid'], bodies: (ids) => [{ name: 'prop-k8s', uuid: ids.clusters[0] }] },
  'PUT /v1/kubernetes/:uuid/node_pools/:pool_id': poolBody,
  'PUT /v1/kubernetes/:uuid/node_pools': poolBody,
  'POST /v1/kubernetes/:uuid/node_pools': { fields: ['name', 'size', 'count'], bodies: () => [{ name: 'prop-pool', size: 'b-2vcpu-4gb', count: 2 }, { name: 'prop-pool-2', size: 'c-4vcpu-8gb', count: '1' }] },
  'DELETE /v1/kubernetes/:uuid/node_pools/:pool_id': noBody,
  'PUT /v1/kubernetes/:uuid': { fields: ['name', 'uuid'], bodies: () => [{ name: 'prop-k8s' }] },
  'DELETE /v1/kubernetes/:uuid': noBody,
  'POST /v1/vpcs': vpcCreate,
  'PUT /v1/vpcs/:uuid': nameOnly,
  'DELETE /v1/vpcs/:uuid': noBody,
  'POST /v1/vpc': vpcCreate,
  'PUT /v1/vpc/:uuid': nameOnly,
  'DELETE /v1/vpc/:uuid': noBody,
  'POST /v1/userdata': userdataBody,
  'PUT /v1/userdata/:uuid': userdataBody,
  'DELETE /v1/userdata/:uuid': noBody,
  'POST /v1/ssh_keys': { fields: ['name', 'public_key', 'project_uuid'], bodies: () => [{ name: 'prop-key', public_key: SSH_KEY }] },
  'DELETE /v1/ssh_keys/:id': noBody,
  'POST /v1/tags': {
    fields: ['name', 'project_uuid', 'stacklet_ids'],
    bodies: (ids) => [{ name: 'prop-tag' }, { name: 'prop-tag-2', stacklet_ids: ids.stacklets.slice(0, 2).map(Number), project_uuid: ids.projects[0] }],
  },
  'DELETE /v1/tags/:name': noBody,
  'POST /v1/tags/:name/resources': tagBody,
  'DELETE /v1/tags/:name/resources': tagBody,
  'POST /v1/projects': {
    fields: ['name', 'color', 'description', 'environment', 'is_default', 'budget', 'team_uuid'],
    bodies: () => [{ name: 'prop-project', color: '#0061FF' }, { name: 'prop-project-2', color: '#00aa00', description: 'generated', environment: 'Production', budget: '10.50' }],
  },
};

/** Query parameters each listing reads besides page and per_page. */
export const FILTERS: Readonly<Record<string, readonly string[]>> = { '/v1/stacklets': ['tag_name', 'region'], '/v1/volumes': ['region'] };

/** `pattern` with each parameter replaced by the first id of its kind in `ids` (URL-encoded). */
export function pathFor(pattern: string, ids: Ids): string {
  return pattern.replace(/:([a-z_]+)/g, (_, param: string) => encodeURIComponent(ids[idSource(pattern, param)][0] ?? 'none'));
}

/** The first valid body of the route, or undefined when it reads none. */
export function bodyFor(method: string, pattern: string, ids: Ids): Json | undefined {
  return TEMPLATES[`${method} ${pattern}`]?.bodies?.(ids)[0];
}
