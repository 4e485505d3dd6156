/**
 * The account document's schema with the catalog's values (issue 48, item 1): regions, sizes and images become
 * enums the editor completes, each with its words (a region's name; a size's vCPUs, memory, disk and price).
 * Each enum sits in an `anyOf` beside a plain string, so a value the catalog no longer lists (a retired size an
 * existing stacklet still runs) is not marked: whether a value can be used, and in which region, is the plan's to
 * say, against the catalog as read when it plans. Kubernetes versions have no listing in the API, so they stay
 * free text. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import type { DistributionImage, Region, Size } from '../../api/schemas';
import { dollars, formatUsd } from '../../model/cost';
import { formatBytes } from '../../model/format';
import { plainText } from '../../model/serviceText';
import type { Catalog } from './declaring';

type Schema = Record<string, unknown>;

/** Where in the document each catalog kind is written. */
const REGION_PATHS = [['scope'], ['vpcs', '*'], ['stacklets', '*'], ['volumes', '*'], ['loadBalancers', '*'], ['clusters', '*']];
const SIZE_PATHS = [['stacklets', '*'], ['clusters', '*', 'nodePools', '*']];
const IMAGE_PATHS = [['stacklets', '*']];

/** An enum the editor offers, each value with its words, beside any other string. */
interface Offered {
  readonly values: readonly string[];
  readonly words: readonly string[];
}

function regions(list: readonly Region[]): Offered {
  const offered = list.filter((region) => region.available);
  return { values: offered.map((region) => region.slug), words: offered.map((region) => plainText(region.name ?? region.slug)) };
}

function sizes(list: readonly Size[]): Offered {
  const offered = list.filter((size) => size.available);
  return {
    values: offered.map((size) => size.slug),
    words: offered.map((size) => {
      const monthly = dollars(size.price_monthly);
      const facts = l10n.t('{0} vCPU, {1} memory, {2} disk', size.vcpu, formatBytes(size.memory), formatBytes(size.disk));
      return monthly === undefined ? facts : l10n.t('{0}, {1}/mo', facts, formatUsd(monthly));
    }),
  };
}

function images(list: readonly DistributionImage[]): Offered {
  const offered = list.filter((image) => image.available);
  return { values: offered.map((image) => image.slug), words: offered.map((image) => plainText([image.name, image.version].filter(Boolean).join(' ') || image.slug)) };
}

/** The schema of `field` under each path (`*`: an array's items), handed to `edit`. */
function eachField(schema: Schema, paths: readonly (readonly string[])[], field: string, edit: (at: Schema) => Schema): void {
  for (const path of paths) {
    let at: Schema | undefined = schema;
    for (const step of path) at = (step === '*' ? at?.['items'] : (at?.['properties'] as Schema | undefined)?.[step]) as Schema | undefined;
    const properties = at?.['properties'] as Schema | undefined;
    if (properties?.[field]) properties[field] = edit(properties[field] as Schema);
  }
}

/** `field`'s schema with the offered values beside whatever it allowed (its description kept at the top). */
function offering(field: Schema, offered: Offered): Schema {
  if (offered.values.length === 0) return field;
  const { description, ...rest } = field;
  // Unique values only: a service that lists one slug twice must not make the schema invalid.
  const seen = new Set<string>();
  const keep = offered.values.map((value, i) => [value, offered.words[i]!] as const).filter(([value]) => !seen.has(value) && seen.add(value));
  return {
    ...(description !== undefined ? { description } : {}),
    anyOf: [{ type: 'string', enum: keep.map(([value]) => value), enumDescriptions: keep.map(([, words]) => words) }, rest],
  };
}

/** The static schema (dist/account.schema.json) with the catalog's regions, sizes and images offered. */
export function catalogSchema(schema: Readonly<Schema>, catalog: Catalog): Schema {
  const copy = structuredClone(schema) as Schema;
  const region = regions(catalog.regions);
  eachField(copy, REGION_PATHS, 'region', (field) => offering(field, region));
  const size = sizes(catalog.sizes);
  eachField(copy, SIZE_PATHS, 'size', (field) => offering(field, size));
  const image = images(catalog.images.flatMap((distribution) => distribution.images));
  eachField(copy, IMAGE_PATHS, 'image', (field) => offering(field, image));
  return copy;
}
