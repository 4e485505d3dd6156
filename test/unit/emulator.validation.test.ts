// Every validation rule of the emulator: the 4xx status, the field named in `errors` and in `message`, and the
// account's whole state unchanged afterwards (every list compared before and after, and nothing in `applied`).
import * as assert from 'node:assert/strict';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { call, type Json } from './support/helpers';



const LISTS = ['stacklets', 'snapshots', 'backups', 'volumes', 'firewalls', 'load_balancers', 'kubernetes', 'vpcs', 'userdata', 'ssh_keys', 'tags', 'projects'];

async function dump(emu: EmulatorHandle): Promise<string> {
  const parts: unknown[] = [];
  for (const list of LISTS) parts.push((await call(emu, 'GET', `/v1/${list}?per_page=200`)).json);
  parts.push((await call(emu, 'GET', '/v1/account/profile')).json);
  return JSON.stringify(parts);
}

/** Names and ids of the demo account's resources, read once per emulator. */
interface Seed {
  web1: number;
  db1: number;
  staging: number;
  blog: number;
  dbData: string;
  scratch: string;
  archive: string;
  firewall: Json;
  vpc: string;
  cluster: Json;
  lb: string;
  snapshot: number;
  userdata: string;
}

async function seedIds(emu: EmulatorHandle): Promise<Seed> {
  const list = async (key: string, path = key): Promise<Json[]> => (await call(emu, 'GET', `/v1/${path}`)).json[key];
  const stacklets = await list('stacklets');
  const id = (name: string): number => stacklets.find((s) => s.name === name).id;
  const volumes = await list('volumes');
  const volume = (name: string): string => volumes.find((v) => v.name === name).id;
  return {
    web1: id('web-1'),
    db1: id('db-1'),
    staging: id('staging-1'),
    blog: id('blog'),
    dbData: volume('db-data'),
    scratch: volume('scratch'),
    archive: volume('archive'),
    firewall: (await list('firewalls'))[0],
    vpc: (await list('vpcs'))[0].uuid,
    cluster: (await list('kubernetes_clusters', 'kubernetes'))[0],
    lb: (await list('load_balancers'))[0].uuid,
    snapshot: (await list('snapshots'))[0].id,
    userdata: (await list('userdata'))[0].uuid,
  };
}

interface Case {
  name: string;
  method: string;
  path: (s: Seed) => string;
  body?: (s: Seed) => unknown;
  status?: number;
  /** The field the first error names; omitted for errors that are not about one field. */
  field?: string;
  /** A fragment of that error's message. */
  says?: RegExp;
}

const fwRule = { address: '0.0.0.0/0', port: 22, protocol: 'TCP' };
const lbBody = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'lb-x',
  region: 'fra',
  algorithm: 'round_robin',
  health: { protocol: 'http', port: 80, path: '/' },
  rules: [{ protocol: 'http', source_port: 80, target_port: 8080 }],
  ...over,
});
const k8sBody = (over: Record<string, unknown> = {}, pool: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'k8s-x',
  version: '1.30.2-00',
  region: 'fra',
  node_pool: { name: 'pool', size: 'b-2vcpu-4gb', count: 2, ...pool },
  ...over,
});
const stackletBody = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'new-1',
  size: 'b-1vcpu-1gb',
  region: 'fra',
  image: 'ubuntu-22-04-x64',
  ...over,
});
const SSH = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGg3bXk0c2VlZC1kZW1vLWtleS1sYXB0b3AtMDAwMDAx demo@laptop';

const CASES: Case[] = [
  // Firewalls
  { name: 'firewall rule port out of range', method: 'POST', path: () => '/v1/firewalls', body: () => ({ name: 'f', inbound_rules: [{ address: '1.2.3.4', port: 70000 }], outbound_rules: [] }), field: 'inbound_rules[0].port', says: /must be from 0 to 65535/ },
  { name: 'firewall rule port, misspelt inboud_rules', method: 'POST', path: () => '/v1/firewalls', body: () => ({ name: 'f', inboud_rules: [fwRule, { address: '1.2.3.4', port: -1 }], outboud_rules: [] }), field: 'inbound_rules[1].port', says: /0 to 65535/ },
  { name: 'firewall rule address', method: 'POST', path: () => '/v1/firewalls', body: () => ({ name: 'f', inbound_rules: [], outbound_rules: [{ address: 'everywhere' }] }), field: 'outbound_rules[0].address', says: /IPv4/ },
  { name: 'firewall rule protocol', method: 'POST', path: () => '/v1/firewalls', body: () => ({ name: 'f', inbound_rules: [{ address: '1.2.3.4', protocol: 'sctp' }], outbound_rules: [] }), field: 'inbound_rules[0].protocol' },
  { name: 'firewall rules missing', method: 'POST', path: () => '/v1/firewalls', body: () => ({ name: 'f' }), field: 'inbound_rules', says: /is required/ },
  { name: 'firewall name already used', method: 'POST', path: () => '/v1/firewalls', body: () => ({ name: 'web-firewall', inbound_rules: [], outbound_rules: [] }), field: 'name', says: /is already used by firewall/ },
  { name: 'firewall unknown stacklet', method: 'POST', path: () => '/v1/firewalls', body: () => ({ name: 'f', inbound_rules: [], outbound_rules: [], stacklet_ids: [999999] }), field: 'stacklet_ids[0]', says: /not found/ },
  { name: 'firewall unknown project', method: 'POST', path: () => '/v1/firewalls', body: () => ({ name: 'f', inbound_rules: [], outbound_rules: [], project_uuid: 'nope' }), field: 'project_uuid' },
  { name: 'firewall rename to a used name', method: 'POST', path: () => '/v1/firewalls', body: () => ({ name: ' WEB-firewall ', inbound_rules: [], outbound_rules: [] }), field: 'name' },
  { name: 'firewall PUT without name', method: 'PUT', path: (s) => `/v1/firewalls/${s.firewall.uuid}`, body: () => ({}), field: 'name', says: /is required/ },
  { name: 'firewall remove a rule that is not there', method: 'DELETE', path: (s) => `/v1/firewalls/${s.firewall.uuid}/rules`, body: (s) => ({ inbound_rules: [s.firewall.inbound_rules[0], { address: '9.9.9.9', port: 1 }] }), field: 'inbound_rules[1]', says: /not a rule/ },
  { name: 'firewall add no rules', method: 'POST', path: (s) => `/v1/firewalls/${s.firewall.uuid}/rules`, body: () => ({ inbound_rules: [] }), field: 'inbound_rules', says: /at least one rule/ },
  { name: 'firewall detach a stacklet not attached', method: 'DELETE', path: (s) => `/v1/firewalls/${s.firewall.uuid}/stacklets`, body: (s) => ({ stacklet_ids: [s.db1] }), field: 'stacklet_ids[0]' },
  { name: 'firewall attach no stacklets', method: 'POST', path: (s) => `/v1/firewalls/${s.firewall.uuid}/stacklets`, body: () => ({ stacklet_ids: [] }), field: 'stacklet_ids', says: /at least 1/ },
  // New names of infrastructure (checkResourceName, INFERRED): refused with 422 on name, nothing made
  { name: 'volume name with a space and a "!"', method: 'POST', path: () => '/v1/volumes', body: (s) => ({ name: 'Bad Name!', stacklet_id: s.web1, size_gigabytes: 10 }), field: 'name', says: /may contain only letters, digits/ },
  { name: 'firewall name with a space', method: 'POST', path: () => '/v1/firewalls', body: () => ({ name: 'web fw', inbound_rules: [], outbound_rules: [] }), field: 'name', says: /may contain only letters, digits/ },
  { name: 'firewall name starting with "-"', method: 'POST', path: () => '/v1/firewalls', body: () => ({ name: '-fw', inbound_rules: [], outbound_rules: [] }), field: 'name', says: /must start with a letter or digit/ },
  { name: 'node pool name with a space', method: 'POST', path: (s) => `/v1/kubernetes/${s.cluster.uuid}/node_pools`, body: () => ({ name: 'pool 2', size: 'b-2vcpu-4gb', count: 1 }), field: 'name', says: /may contain only letters, digits/ },
  { name: 'load balancer name with a "!"', method: 'POST', path: () => '/v1/load_balancers', body: () => lbBody({ name: 'lb!' }), field: 'name', says: /may contain only letters, digits/ },
  { name: 'VPC name with a space', method: 'POST', path: () => '/v1/vpcs', body: () => ({ name: 'my net', cidr: '10.99.0.0/16', region: 'fra' }), field: 'name', says: /may contain only letters, digits/ },
  { name: 'cluster name with a space', method: 'POST', path: () => '/v1/kubernetes', body: () => k8sBody({ name: 'my cluster' }), field: 'name', says: /may contain only letters, digits/ },
  { name: 'cluster node pool name with a "/"', method: 'POST', path: () => '/v1/kubernetes', body: () => k8sBody({}, { name: 'pool/1' }), field: 'node_pool.name', says: /may contain only letters, digits/ },
  // Stacklet create
  { name: 'stacklet unknown size', method: 'POST', path: () => '/v1/stacklets', body: () => stackletBody({ size: 'huge' }), field: 'size', says: /unknown size/ },
  { name: 'stacklet unavailable size', method: 'POST', path: () => '/v1/stacklets', body: () => stackletBody({ size: 'g-8vcpu-32gb' }), field: 'size', says: /not available/ },
  { name: 'stacklet unknown region', method: 'POST', path: () => '/v1/stacklets', body: () => stackletBody({ region: 'mars' }), field: 'region', says: /unknown region/ },
  { name: 'stacklet unavailable region', method: 'POST', path: () => '/v1/stacklets', body: () => stackletBody({ region: 'lon' }), field: 'region', says: /not available/ },
  { name: 'stacklet unknown image', method: 'POST', path: () => '/v1/stacklets', body: () => stackletBody({ image: 'windows-95' }), field: 'image' },
  { name: 'stacklet image too big for size', method: 'POST', path: () => '/v1/stacklets', body: () => stackletBody({ image: 'gitlab-22-04' }), field: 'size', says: /cannot run/ },
  { name: 'stacklet snapshot image in another region', method: 'POST', path: () => '/v1/stacklets', body: (s) => stackletBody({ image: s.snapshot, region: 'nyc', size: 'b-1vcpu-2gb' }), field: 'image', says: /not available in nyc/ },
  { name: 'stacklet name not a hostname', method: 'POST', path: () => '/v1/stacklets', body: () => stackletBody({ name: 'bad name!' }), field: 'name' },
  { name: 'stacklet name and names', method: 'POST', path: () => '/v1/stacklets', body: () => stackletBody({ names: ['a', 'b'] }), field: 'name', says: /exactly one/ },
  { name: 'stacklet names with a bad one', method: 'POST', path: () => '/v1/stacklets', body: () => stackletBody({ name: undefined, names: ['ok-1', '-bad'] }), field: 'names[1]' },
  { name: 'stacklet size missing', method: 'POST', path: () => '/v1/stacklets', body: () => stackletBody({ size: undefined }), field: 'size', says: /is required/ },
  { name: 'stacklet vpc in another region', method: 'POST', path: () => '/v1/stacklets', body: (s) => stackletBody({ region: 'ams', vpc_uuid: s.vpc }), field: 'vpc_uuid' },
  { name: 'stacklet unknown ssh key', method: 'POST', path: () => '/v1/stacklets', body: () => stackletBody({ ssh_keys: [12345] }), field: 'ssh_keys[0]' },
  { name: 'stacklet volume already attached', method: 'POST', path: () => '/v1/stacklets', body: (s) => stackletBody({ volume: s.dbData }), field: 'volume', says: /not free/ },
  // Stacklet actions
  { name: 'unknown action', method: 'POST', path: (s) => `/v1/stacklets/${s.web1}`, body: () => ({ action: 'explode' }), field: 'action', says: /must be one of resize/ },
  { name: 'action missing', method: 'POST', path: (s) => `/v1/stacklets/${s.web1}`, body: () => ({}), field: 'action', says: /is required/ },
  { name: 'resize to the current size', method: 'POST', path: (s) => `/v1/stacklets/${s.web1}`, body: () => ({ action: 'resize', size: 'b-1vcpu-2gb' }), field: 'size', says: /already size/ },
  { name: 'resize to a smaller disk', method: 'POST', path: (s) => `/v1/stacklets/${s.db1}`, body: () => ({ action: 'resize', size: 'c-4vcpu-8gb' }), field: 'size', says: /smaller than/ },
  { name: 'resize size missing', method: 'POST', path: (s) => `/v1/stacklets/${s.web1}`, body: () => ({ action: 'resize' }), field: 'size', says: /is required/ },
  { name: 'resize disk not boolean', method: 'POST', path: (s) => `/v1/stacklets/${s.web1}`, body: () => ({ action: 'resize', size: 'b-2vcpu-4gb', disk: 'yes' }), field: 'disk', says: /boolean/ },
  { name: 'rebuild unknown image', method: 'POST', path: (s) => `/v1/stacklets/${s.web1}`, body: () => ({ action: 'rebuild', image: 'nope-1' }), field: 'image' },
  { name: 'snapshot without a name', method: 'POST', path: (s) => `/v1/stacklets/${s.web1}`, body: () => ({ action: 'snapshot' }), field: 'name', says: /is required/ },
  { name: 'rename to a non-hostname', method: 'POST', path: (s) => `/v1/stacklets/${s.web1}`, body: () => ({ action: 'rename', name: 'a..b' }), field: 'name' },
  { name: 'restore a non-numeric image_id', method: 'POST', path: (s) => `/v1/stacklets/${s.web1}`, body: () => ({ action: 'restore', image_id: 'abc' }), field: 'image_id' },
  { name: 'restore an unknown image', method: 'POST', path: (s) => `/v1/stacklets/${s.web1}`, body: () => ({ action: 'restore', image_id: '424242' }), field: 'image_id', says: /no snapshot or backup/ },
  { name: 'power on an active stacklet', method: 'POST', path: (s) => `/v1/stacklets/${s.web1}`, body: () => ({ action: 'power_on' }), field: 'action', says: /already powered on/ },
  { name: 'power off an off stacklet', method: 'POST', path: (s) => `/v1/stacklets/${s.staging}`, body: () => ({ action: 'power_off' }), field: 'action' },
  { name: 'enable private networking twice', method: 'POST', path: (s) => `/v1/stacklets/${s.web1}`, body: () => ({ action: 'enable_private_networking' }), field: 'action', says: /already enabled/ },
  { name: 'reset password too short', method: 'POST', path: (s) => `/v1/stacklets/${s.web1}`, body: () => ({ action: 'reset_password', password: 'short' }), field: 'password', says: /at least 8/ },
  // Volumes
  { name: 'volume size zero', method: 'POST', path: () => '/v1/volumes', body: (s) => ({ name: 'v', stacklet_id: s.web1, size_gigabytes: 0 }), field: 'size_gigabytes', says: /from 1 to/ },
  { name: 'volume unknown stacklet', method: 'POST', path: () => '/v1/volumes', body: () => ({ name: 'v', stacklet_id: 999999, size_gigabytes: 10 }), field: 'stacklet_id', says: /not found/ },
  { name: 'volume on a stacklet that has one', method: 'POST', path: () => '/v1/volumes', body: (s) => ({ name: 'v', stacklet_id: s.db1, size_gigabytes: 10 }), field: 'stacklet_id', says: /already has volume/ },
  { name: 'volume resize not larger', method: 'PUT', path: (s) => `/v1/volumes/${s.dbData}`, body: () => ({ action: 'resize', size_gigabytes: 100 }), field: 'size_gigabytes', says: /larger than the current 100 GB/ },
  { name: 'volume attach across regions', method: 'PUT', path: (s) => `/v1/volumes/${s.scratch}`, body: (s) => ({ action: 'attach', stacklet_id: s.web1 }), field: 'stacklet_id', says: /is in fra/ },
  { name: 'volume attach when attached', method: 'PUT', path: (s) => `/v1/volumes/${s.dbData}`, body: (s) => ({ action: 'attach', stacklet_id: s.web1 }), field: 'stacklet_id', says: /already attached/ },
  { name: 'volume attach to a stacklet with a volume', method: 'PUT', path: (s) => `/v1/volumes/${s.archive}`, body: (s) => ({ action: 'attach', stacklet_id: s.db1 }), field: 'stacklet_id', says: /already has volume/ },
  { name: 'volume detach when free', method: 'PUT', path: (s) => `/v1/volumes/${s.archive}`, body: () => ({ action: 'detach' }), field: 'action', says: /not attached/ },
  { name: 'volume detach from the wrong stacklet', method: 'PUT', path: (s) => `/v1/volumes/${s.dbData}`, body: (s) => ({ action: 'detach', stacklet_id: s.web1 }), field: 'stacklet_id' },
  { name: 'volume unknown action', method: 'PUT', path: (s) => `/v1/volumes/${s.archive}`, body: () => ({ action: 'shrink' }), field: 'action' },
  { name: 'volume delete while attached', method: 'DELETE', path: (s) => `/v1/volumes/${s.dbData}`, status: 422, says: /detach it first/ },
  // Snapshots
  { name: 'snapshot transfer to its region', method: 'POST', path: (s) => `/v1/snapshots/${s.snapshot}`, body: () => ({ action: 'transfer', region: 'fra' }), field: 'region', says: /already in fra/ },
  { name: 'snapshot transfer to an unknown region', method: 'POST', path: (s) => `/v1/snapshots/${s.snapshot}`, body: () => ({ action: 'transfer', region: 'mars' }), field: 'region' },
  { name: 'snapshot rename to blank', method: 'POST', path: (s) => `/v1/snapshots/${s.snapshot}`, body: () => ({ action: 'rename', name: '   ' }), field: 'name', says: /must not be empty/ },
  // Kubernetes
  { name: 'cluster unknown version', method: 'POST', path: () => '/v1/kubernetes', body: () => k8sBody({ version: '9.9.9-00' }), field: 'version', says: /unknown version/ },
  { name: 'cluster unavailable version', method: 'POST', path: () => '/v1/kubernetes', body: () => k8sBody({ version: '1.23.0-00' }), field: 'version', says: /not available/ },
  { name: 'cluster region without kubernetes', method: 'POST', path: () => '/v1/kubernetes', body: () => k8sBody({ region: 'sgp' }), field: 'region', says: /does not offer kubernetes/ },
  { name: 'cluster node count zero', method: 'POST', path: () => '/v1/kubernetes', body: () => k8sBody({}, { count: 0 }), field: 'node_pool.count', says: /from 1 to 100/ },
  { name: 'cluster node size too small', method: 'POST', path: () => '/v1/kubernetes', body: () => k8sBody({}, { size: 'b-1vcpu-1gb' }), field: 'node_pool.size', says: /too small/ },
  { name: 'cluster name already used', method: 'POST', path: () => '/v1/kubernetes', body: () => k8sBody({ name: 'demo-cluster' }), field: 'name', says: /already used/ },
  { name: 'cluster PUT spec form with unknown uuid', method: 'PUT', path: () => '/v1/kubernetes', body: () => ({ name: 'x', uuid: 'nope' }), field: 'uuid' },
  { name: 'node pool count not a number', method: 'PUT', path: (s) => `/v1/kubernetes/${s.cluster.uuid}/node_pools/${s.cluster.node_pools[0].id}`, body: () => ({ name: 'p', count: 'many' }), field: 'count' },
  { name: 'node pool unknown', method: 'PUT', path: (s) => `/v1/kubernetes/${s.cluster.uuid}/node_pools/nope`, body: () => ({ name: 'p', count: 2 }), status: 404 },
  // Load balancers
  { name: 'lb region without load balancers', method: 'POST', path: () => '/v1/load_balancers', body: () => lbBody({ region: 'sgp' }), field: 'region', says: /does not offer load balancers/ },
  { name: 'lb algorithm', method: 'POST', path: () => '/v1/load_balancers', body: () => lbBody({ algorithm: 'random' }), field: 'algorithm', says: /round_robin, least_connections/ },
  { name: 'lb no rules', method: 'POST', path: () => '/v1/load_balancers', body: () => lbBody({ rules: [] }), field: 'rules', says: /at least 1/ },
  { name: 'lb rule port', method: 'POST', path: () => '/v1/load_balancers', body: () => lbBody({ rules: [{ protocol: 'http', source_port: 70000, target_port: 80 }] }), field: 'rules[0].source_port' },
  { name: 'lb duplicate listening ports', method: 'POST', path: () => '/v1/load_balancers', body: () => lbBody({ rules: [{ protocol: 'http', source_port: 80, target_port: 80 }, { protocol: 'tcp', source_port: 80, target_port: 81 }] }), field: 'rules[1].source_port', says: /already used/ },
  { name: 'lb health protocol', method: 'POST', path: () => '/v1/load_balancers', body: () => lbBody({ health: [{ protocol: 'udp' }] }), field: 'health.protocol' },
  { name: 'lb backend in another region', method: 'POST', path: () => '/v1/load_balancers', body: (s) => lbBody({ stacklet_id: s.blog }), field: 'stacklet_ids[0]', says: /is in sgp/ },
  { name: 'lb PUT with a rules-only body', method: 'PUT', path: (s) => `/v1/load_balancers/${s.lb}`, body: () => ({ rules: [] }), field: 'name' },
  { name: 'lb remove the last rules', method: 'DELETE', path: (s) => `/v1/load_balancers/${s.lb}/rules`, body: () => ({ rules: [{ protocol: 'http', source_port: 80, target_port: 80 }, { protocol: 'https', source_port: 443, target_port: 443, tls_passthrough: true }] }), field: 'rules', says: /at least one/ },
  { name: 'lb remove a rule that is not there', method: 'DELETE', path: (s) => `/v1/load_balancers/${s.lb}/rules`, body: () => ({ rules: [{ protocol: 'tcp', source_port: 5432, target_port: 5432 }] }), field: 'rules[0]' },
  // VPCs
  { name: 'vpc public cidr', method: 'POST', path: () => '/v1/vpcs', body: () => ({ name: 'v', cidr: '8.8.8.0/24' }), field: 'cidr', says: /inside 10\.0\.0\.0\/8/ },
  { name: 'vpc overlapping cidr', method: 'POST', path: () => '/v1/vpc', body: () => ({ name: 'v', cidr: '10.20.128.0/20', region: 'fra' }), field: 'cidr', says: /overlaps/ },
  { name: 'vpc name already used', method: 'POST', path: () => '/v1/vpcs', body: () => ({ name: 'fra-private', cidr: '10.30.0.0/16' }), field: 'name' },
  { name: 'vpc unknown region', method: 'POST', path: () => '/v1/vpcs', body: () => ({ name: 'v', cidr: '10.30.0.0/16', region: 'mars' }), field: 'region' },
  { name: 'vpc delete with stacklets', method: 'DELETE', path: (s) => `/v1/vpcs/${s.vpc}`, status: 422, says: /still has 3/ },
  // Userdata, SSH keys, paging
  { name: 'userdata empty script', method: 'POST', path: () => '/v1/userdata', body: () => ({ name: 'u', userdata: ' ' }), field: 'userdata', says: /must not be empty/ },
  { name: 'userdata name already used', method: 'POST', path: () => '/v1/userdata', body: () => ({ name: 'harden-ssh', userdata: 'echo' }), field: 'name' },
  { name: 'userdata update to a used name', method: 'PUT', path: (s) => `/v1/userdata/${s.userdata}`, body: () => ({ name: 'harden-ssh', userdata: 'echo' }), field: 'name' },
  { name: 'ssh key not a key', method: 'POST', path: () => '/v1/ssh_keys', body: () => ({ name: 'k', public_key: 'hello' }), field: 'public_key', says: /OpenSSH/ },
  { name: 'ssh key already registered', method: 'POST', path: () => '/v1/ssh_keys', body: () => ({ name: 'k', public_key: SSH }), field: 'public_key', says: /already registered/ },
  { name: 'list with page=0', method: 'GET', path: () => '/v1/snapshots?page=0', field: 'page' },
  // Node pools (the conventional forms), tags, projects, backups
  { name: 'node pool add without a size', method: 'POST', path: (s) => `/v1/kubernetes/${s.cluster.uuid}/node_pools`, body: () => ({ name: 'p', count: 1 }), field: 'size' },
  { name: 'node pool add of 0 nodes', method: 'POST', path: (s) => `/v1/kubernetes/${s.cluster.uuid}/node_pools`, body: () => ({ name: 'p', size: 'b-2vcpu-4gb', count: 0 }), field: 'count', says: /from 1 to 100/ },
  { name: 'node pool add too small for Kubernetes', method: 'POST', path: (s) => `/v1/kubernetes/${s.cluster.uuid}/node_pools`, body: () => ({ name: 'p', size: 'b-1vcpu-1gb', count: 1 }), field: 'size', says: /too small/ },
  { name: 'node pool add with a name the cluster has', method: 'POST', path: (s) => `/v1/kubernetes/${s.cluster.uuid}/node_pools`, body: () => ({ name: 'Default-Pool', size: 'b-2vcpu-4gb', count: 1 }), field: 'name', says: /already used by a node pool/ },
  { name: 'node pool delete of the only pool', method: 'DELETE', path: (s) => `/v1/kubernetes/${s.cluster.uuid}/node_pools/${s.cluster.node_pools[0].id}`, status: 422, says: /only node pool/ },
  { name: 'node pool delete of an unknown pool', method: 'DELETE', path: (s) => `/v1/kubernetes/${s.cluster.uuid}/node_pools/nope`, status: 404, says: /node pool nope not found/ },
  { name: 'tag a stacklet of no one', method: 'POST', path: () => '/v1/tags/web/resources', body: () => ({ id: 99999, type: 'stacklet' }), field: 'id', says: /stacklet 99999 not found/ },
  { name: 'tag a volume', method: 'POST', path: () => '/v1/tags/web/resources', body: (s) => ({ id: s.web1, type: 'volume' }), field: 'type', says: /one of stacklet/ },
  { name: 'tag with a name too long', method: 'POST', path: () => `/v1/tags/${'t'.repeat(256)}/resources`, body: (s) => ({ id: s.web1, type: 'stacklet' }), status: 422, says: /at most 255 characters/ },
  { name: 'untag a tag the stacklet lacks', method: 'DELETE', path: () => '/v1/tags/db/resources', body: (s) => ({ id: s.web1, type: 'stacklet' }), field: 'id', says: /does not carry the tag db/ },
  { name: 'tag create without a name', method: 'POST', path: () => '/v1/tags', body: () => ({ stacklet_ids: [] }), field: 'name' },
  { name: 'tag create with an empty name', method: 'POST', path: () => '/v1/tags', body: () => ({ name: '' }), field: 'name', says: /must not be empty/ },
  { name: 'tag create with a name too long', method: 'POST', path: () => '/v1/tags', body: () => ({ name: 't'.repeat(256) }), field: 'name', says: /at most 255 characters/ },
  { name: 'tag create with a comma in the name', method: 'POST', path: () => '/v1/tags', body: () => ({ name: 'a,b' }), field: 'name', says: /','/ },
  { name: 'tag create with a name in use', method: 'POST', path: () => '/v1/tags', body: () => ({ name: 'web' }), field: 'name', says: /tag web already exists/ },
  { name: 'tag create on a stacklet of no one', method: 'POST', path: () => '/v1/tags', body: (s) => ({ name: 'fresh', stacklet_ids: [s.web1, 99999] }), field: 'stacklet_ids[1]', says: /stacklet 99999 not found/ },
  { name: 'tag create with stacklet ids not a list', method: 'POST', path: () => '/v1/tags', body: (s) => ({ name: 'fresh', stacklet_ids: s.web1 }), field: 'stacklet_ids' },
  { name: 'tag create in a project of no one', method: 'POST', path: () => '/v1/tags', body: (s) => ({ name: 'fresh', stacklet_ids: [s.web1], project_uuid: '00000000-0000-4000-8000-000000000000' }), field: 'project_uuid' },
  { name: 'tag read of an unknown tag', method: 'GET', path: () => '/v1/tags/nope', status: 404, says: /tag nope not found/ },
  { name: 'tag delete of an unknown tag', method: 'DELETE', path: () => '/v1/tags/nope', status: 404, says: /tag nope not found/ },
  { name: 'project without a colour', method: 'POST', path: () => '/v1/projects', body: () => ({ name: 'p' }), field: 'color' },
  { name: 'project with a colour that is not one', method: 'POST', path: () => '/v1/projects', body: () => ({ name: 'p', color: 'blue' }), field: 'color', says: /#0061FF/ },
  { name: 'project name already used', method: 'POST', path: () => '/v1/projects', body: () => ({ name: 'default', color: '#000000' }), field: 'name' },
  { name: 'stacklet in a project of no one', method: 'POST', path: () => '/v1/stacklets', body: () => ({ name: 'n', size: 'b-1vcpu-1gb', region: 'fra', image: 'ubuntu-22-04-x64', project_uuid: '00000000-0000-4000-8000-000000000000' }), field: 'project_uuid' },
  { name: 'backup delete of an unknown backup', method: 'DELETE', path: () => '/v1/backups/1', status: 404, says: /backup 1 not found/ },
];

describe('emulator: validation', function () {
  let emu: EmulatorHandle;
  let seed: Seed;
  before(async () => {
    emu = await startEmulator({ port: 0, taskMs: 60_000 });
    seed = await seedIds(emu);
  });
  after(async () => {
    await emu.close();
  });

  for (const c of CASES) {
    it(`${c.name} → ${c.status ?? 422}${c.field ? ` naming ${c.field}` : ''}, state unchanged`, async () => {
      const before = await dump(emu);
      const applied = emu.stats().applied.length;
      const res = await call(emu, c.method, c.path(seed), c.body?.(seed));
      assert.equal(res.status, c.status ?? 422, JSON.stringify(res.json));
      assert.equal(typeof res.json.id, 'string');
      assert.equal(typeof res.json.message, 'string');
      if (c.field !== undefined) {
        assert.equal(res.json.errors?.[0]?.field, c.field, JSON.stringify(res.json));
        assert.ok(res.json.message.startsWith(`${c.field}: `), res.json.message);
      }
      if (c.says) assert.match(res.json.errors?.[0]?.message ?? res.json.message, c.says);
      assert.equal(emu.stats().applied.length, applied);
      assert.equal(await dump(emu), before);
    });
  }

  it('names every field with a problem, and the message says the rule', async () => {
    const res = await call(emu, 'POST', '/v1/firewalls', {
      name: '',
      inbound_rules: [{ address: '0.0.0.0/0', port: 65536, protocol: 'tcp' }],
      outbound_rules: [{ port: 1 }],
    });
    assert.equal(res.status, 422);
    assert.deepEqual(res.json.errors, [
      { field: 'name', message: 'must not be empty' },
      { field: 'inbound_rules[0].port', message: 'must be from 0 to 65535' },
      { field: 'outbound_rules[0].address', message: 'is required' },
    ]);
    assert.equal(res.json.id, 'unprocessable_entity');
    assert.equal(res.json.message, 'name: must not be empty; inbound_rules[0].port: must be from 0 to 65535; outbound_rules[0].address: is required');
  });

  it('refuses a create that would pass the stacklet limit', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `many-${i}`);
    // 6 seeded + 40 made here = 46; the next 10 would pass the limit of 50.
    for (let i = 0; i < 4; i++) {
      assert.equal((await call(emu, 'POST', '/v1/stacklets', stackletBody({ name: undefined, names: names.map((n) => `${n}-${i}`) }))).status, 201);
    }
    const before = await dump(emu);
    const res = await call(emu, 'POST', '/v1/stacklets', stackletBody({ name: undefined, names }));
    assert.equal(res.status, 422);
    assert.equal(res.json.errors[0].field, 'names');
    assert.match(res.json.message, /stacklet limit/);
    assert.equal(await dump(emu), before);
  });
});

describe('emulator: the volume limit', function () {
  let emu: EmulatorHandle;
  before(async () => {
    // Enough free stacklets in regions with volumes to bring the account to its limit of 100 volumes.
    emu = await startEmulator({ port: 0, taskMs: 60_000, extraStacklets: 300 });
  });
  after(async () => {
    await emu.close();
  });

  it('refuses a volume past the limit the profile gives, naming the limit, and changes nothing', async () => {
    const { stacklets } = (await call(emu, 'GET', '/v1/stacklets?per_page=200&page=2')).json as { stacklets: Json[] };
    const { regions } = (await call(emu, 'GET', '/v1/regions')).json as { regions: Json[] };
    const withVolumes = new Set(regions.filter((r) => r.features.includes('volumes')).map((r) => r.slug));
    const free = stacklets.filter((s) => withVolumes.has(s.region.slug) && !s.volume_uuid);
    const available = (await call(emu, 'GET', '/v1/account/profile')).json.profile.limits.volumes.available as number;
    assert.ok(free.length > available, `${free.length} free stacklets for ${available} volumes`);
    for (const stacklet of free.slice(0, available)) {
      const made = await call(emu, 'POST', '/v1/volumes', { name: `v-${stacklet.id}`, stacklet_id: stacklet.id, size_gigabytes: 1 });
      assert.equal(made.status, 201, JSON.stringify(made.json));
    }
    assert.deepEqual((await call(emu, 'GET', '/v1/account/profile')).json.profile.limits.volumes, { available: 0, used: 100 });
    const before = await dump(emu);
    const applied = emu.stats().applied.length;
    const one = await call(emu, 'POST', '/v1/volumes', { name: 'one-too-many', stacklet_id: free[available]!.id, size_gigabytes: 1 });
    assert.equal(one.status, 422);
    assert.equal(one.json.errors[0].field, 'name');
    assert.match(one.json.message, /would exceed the volume limit \(100 of 100 in use\)/);
    // A new stacklet with a new volume is refused as well, naming `volume`, and no stacklet is made.
    const withVolume = await call(emu, 'POST', '/v1/stacklets', stackletBody({ name: 'with-volume', volume: { size_gigabytes: 1 } }));
    assert.equal(withVolume.status, 422);
    assert.equal(withVolume.json.errors[0].field, 'volume');
    assert.match(withVolume.json.message, /volume limit/);
    assert.equal(await dump(emu), before);
    assert.equal(emu.stats().applied.length, applied);
  });
});
