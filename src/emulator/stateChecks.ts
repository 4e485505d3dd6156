/**
 * Checks that need state or the catalog (the request schemas cover shape and ranges). Each throws the 404,
 * 409 or 422 the service would answer, naming the field, and never changes anything.
 */
import { findCatalogImage, findRegion, findSize, type CatalogImage } from './catalog';
import type { Ctx } from './context';
import { ApiError } from './errors';
import type { ImageRec, ProjectRef, RegionRec, SizeRec, StackletRec, Tasked } from './records';
import { imageOrigin } from './recordBuilders';
import { VOLUME_LIMIT, type Account, type Table } from './world';

/** Path ids of stacklets and snapshots are integers; anything else cannot name one. */
export function intParam(raw: string | undefined): number | undefined {
  return raw !== undefined && /^[0-9]{1,15}$/.test(raw) ? Number(raw) : undefined;
}

export function requireStacklet(ctx: Ctx, raw = ctx.params['id']): StackletRec {
  const id = intParam(raw);
  const stacklet = id === undefined ? undefined : ctx.account.stacklets.get(id);
  if (!stacklet) throw ApiError.notFound('stacklet', raw ?? '');
  return stacklet;
}

export function requireRecord<K, V>(table: Table<K, V>, kind: string, key: K | undefined, shown: string | number): V {
  const value = key === undefined ? undefined : table.get(key);
  if (value === undefined) throw ApiError.notFound(kind, shown);
  return value;
}

/**
 * The conventional forms of operations the documentation lacks (adding and deleting node pools, untagging,
 * deleting backups): with the `noConventionalForms` quirk they are not there, as on a service without them.
 */
export function requireConventionalForm(ctx: Ctx, method: string, path: string): void {
  if (ctx.config.quirks.noConventionalForms) throw new ApiError(404, 'not_found', `no route ${method} ${path}`);
}

/** 409 while a task runs on the resource. */
export function requireIdle(kind: string, id: string | number, target: Tasked): void {
  if (target.task) throw ApiError.busy(kind, id, target.task.name);
}

export function requireRegion(field: string, slug: string, feature?: string): RegionRec {
  const region = findRegion(slug);
  if (!region) throw ApiError.field(field, `unknown region '${slug}'`);
  if (!region.available) throw ApiError.field(field, `region ${slug} is not available`);
  if (feature && !region.features.includes(feature)) {
    throw ApiError.field(field, `region ${slug} does not offer ${feature.replace(/_/g, ' ')}`);
  }
  return region;
}

/** For a region already chosen (a stacklet's): 422 when it lacks the feature a new resource needs. */
export function requireRegionFeature(field: string, region: RegionRec, feature: string): void {
  if (!region.features.includes(feature)) {
    throw ApiError.field(field, `region ${region.slug} does not offer ${feature.replace(/_/g, ' ')}`);
  }
}

export function requireSize(field: string, slug: string): SizeRec {
  const size = findSize(slug);
  if (!size) throw ApiError.field(field, `unknown size '${slug}'`);
  if (!size.available) throw ApiError.field(field, `size ${slug} is not available`);
  return size;
}

/** Each id must be one of the account's stacklets; the error names the element (`stacklet_ids[1]`). */
export function requireOwnStacklets(account: Account, field: string, ids: readonly number[]): StackletRec[] {
  const found: StackletRec[] = [];
  ids.forEach((id, i) => {
    const stacklet = account.stacklets.get(id);
    if (!stacklet) throw ApiError.field(`${field}[${i}]`, `stacklet ${id} not found`);
    if (!found.includes(stacklet)) found.push(stacklet);
  });
  return found;
}

/** Names that must be unique within the account (firewalls, VPCs, userdata, clusters). */
export function requireUniqueName<V extends { name: string }>(
  table: Table<string, V>,
  kind: string,
  name: string,
  keyOf: (value: V) => string,
  except?: V,
): void {
  const wanted = name.trim().toLowerCase();
  const other = table.find((value) => value !== except && value.name.trim().toLowerCase() === wanted);
  if (other) throw ApiError.field('name', `is already used by ${kind} ${keyOf(other)}`);
}

/** The project a create names (one of the account's), or the default project when it names none. */
export function requireProject(account: Account, uuid: string | undefined): ProjectRef {
  if (uuid === undefined) return account.project;
  const project = account.projects.get(uuid);
  if (!project) throw ApiError.field('project_uuid', `project ${uuid} not found`);
  return { id: project.uuid, name: project.name };
}

export type ResolvedImage = { kind: 'catalog'; image: CatalogImage } | { kind: 'account'; image: ImageRec };

/** Finds a snapshot or backup of the account by id. */
export function findAccountImage(account: Account, id: number): ImageRec | undefined {
  return account.snapshots.get(id) ?? account.backups.get(id);
}

/** The disk an image needs, in bytes (a backup's `disk_size` is in GB, a snapshot's in bytes). */
export function imageDiskBytes(image: ImageRec): number {
  return imageOrigin(image)?.diskBytes ?? ('regions' in image ? image.disk_size : image.disk_size * 1024 ** 3);
}

/** Where an image can be used: a snapshot's regions, or the region of the stacklet a backup was taken of. */
export function imageRegions(image: ImageRec): readonly string[] {
  if ('regions' in image) return image.regions;
  const origin = imageOrigin(image);
  return origin ? [origin.region] : [];
}

/** An image is a catalog slug, or the id (number or digits) of one of the account's snapshots or backups. */
export function resolveImage(account: Account, field: string, value: string | number): ResolvedImage {
  if (typeof value === 'string') {
    const image = findCatalogImage(value);
    if (image) {
      const available = image.kind === 'application' ? image.application.available : image.image.available;
      if (!available) throw ApiError.field(field, `image ${value} is not available`);
      return { kind: 'catalog', image };
    }
  }
  const id = typeof value === 'number' ? value : intParam(value);
  const own = id === undefined ? undefined : findAccountImage(account, id);
  if (own) return { kind: 'account', image: own };
  throw ApiError.field(field, `unknown image '${value}' (not a catalog slug, snapshot or backup of this account)`);
}

/** Refuses a size the image cannot run on. */
export function requireImageFitsSize(field: string, resolved: ResolvedImage, size: SizeRec): void {
  if (resolved.kind === 'account') {
    const needs = imageDiskBytes(resolved.image);
    if (needs > size.disk) {
      throw ApiError.field(field, `image ${resolved.image.id} needs a disk of at least ${gb(needs)} GB; size ${size.slug} has ${gb(size.disk)} GB`);
    }
    return;
  }
  const image = resolved.image;
  const sizeIds = image.kind === 'application' ? image.application.size_ids : image.image.size_ids;
  const slug = image.kind === 'application' ? image.application.slug : image.image.slug;
  if (!sizeIds.includes(size.id)) throw ApiError.field(field, `image ${slug} cannot run on size ${size.slug}`);
}

export const gb = (bytes: number): number => Math.round((bytes / 1024 ** 3) * 100) / 100;

/**
 * The account's limits, as its profile gives them: `adding` more stacklets or volumes must fit, else a 422
 * naming the limit (and `field`, the request's names of what would be made).
 */
export function requireWithinLimit(account: Account, kind: 'stacklet' | 'volume', field: string, adding: number): void {
  const [used, limit] = kind === 'stacklet' ? [account.stacklets.size, account.stackletLimit] : [account.volumes.size, VOLUME_LIMIT];
  if (used + adding > limit) throw ApiError.field(field, `would exceed the ${kind} limit (${used} of ${limit} in use)`);
}
