/**
 * How the tracker reads a task's resource: one by id, or the first page of its listing (one request for
 * every task of that kind). No vscode import.
 */
import type * as z from 'zod/mini';
import type { Call, StackletClient } from '../api/client';
import { readList } from '../api/envelope';
import * as s from '../api/schemas';
import type { ListingKind } from '../model/resourceStore';
import type { TaskResourceKind } from './types';

/** What the tracker needs of any resource: its identity and its current task. */
export interface TaskedResource {
  readonly task?: s.Task | null;
}

/** Items asked for on the one listing page a tick reads: the service's maximum page size. */
export const LISTING_PAGE_SIZE = 200;

export interface ListingPage {
  readonly items: readonly TaskedResource[];
  /** False when the service has more items than the page held. */
  readonly complete: boolean;
}

interface Probe {
  readonly path: string;
  readonly schema: z.ZodMiniType;
  readonly keys: readonly string[];
  /** The value a TaskStart's resourceId holds for this kind. */
  identity(item: TaskedResource): string | number;
  get(client: StackletClient, id: string | number, call: Call): Promise<TaskedResource>;
  /** Listings that a task of this name changes besides its own resource (fetched again when it ends). */
  readonly related?: Readonly<Record<string, readonly ListingKind[]>>;
}

const byId = (item: TaskedResource) => (item as { id: number | string }).id;
const byUuid = (item: TaskedResource) => (item as { uuid: string }).uuid;

export const PROBES: Readonly<Record<TaskResourceKind, Probe>> = {
  stacklets: {
    path: '/v1/stacklets',
    schema: s.Stacklet,
    keys: ['stacklets'],
    identity: byId,
    get: (client, id, call) => client.getStacklet(Number(id), call),
    related: { snapshot: ['snapshots'] },
  },
  volumes: {
    path: '/v1/volumes',
    schema: s.Volume,
    keys: ['volumes'],
    identity: byId,
    get: (client, id, call) => client.getVolume(String(id), call),
    related: { attach: ['stacklets'], detach: ['stacklets'] },
  },
  snapshots: {
    path: '/v1/snapshots',
    schema: s.Snapshot,
    keys: ['snapshots'],
    identity: byId,
    get: (client, id, call) => client.getSnapshot(Number(id), call),
  },
  kubernetes: {
    path: '/v1/kubernetes',
    schema: s.KubernetesCluster,
    keys: ['kubernetes_clusters', 'kubernetes', 'clusters'],
    identity: byUuid,
    get: (client, id, call) => client.getKubernetesCluster(String(id), call),
  },
  loadBalancers: {
    path: '/v1/load_balancers',
    schema: s.LoadBalancer,
    keys: ['load_balancers', 'load_balancer'],
    identity: byUuid,
    get: (client, id, call) => client.getLoadBalancer(String(id), call),
  },
};

/**
 * The first page of a listing, as large as the service allows: exactly one request, never a walk through the
 * pages (the client's own listings fetch them all).
 */
export async function firstPage(client: StackletClient, kind: TaskResourceKind, call: Call): Promise<ListingPage> {
  const probe = PROBES[kind];
  const response = await client.http.request('GET', probe.path, {
    query: { per_page: LISTING_PAGE_SIZE },
    ...(call.signal ? { signal: call.signal } : {}),
  });
  const { items, meta } = readList(probe.schema, response.json, probe.keys, { method: 'GET', path: probe.path });
  const pagination = meta?.pagination;
  const complete = pagination ? !pagination.next_page && pagination.pages <= 1 : true;
  return { items: items as TaskedResource[], complete };
}

export function sameId(a: string | number, b: string | number): boolean {
  return String(a) === String(b);
}

/** A task ended when its resource carries no task, or a different one. */
export function taskEnded(resource: TaskedResource, taskId: number): boolean {
  return !resource.task || resource.task.id !== taskId;
}
