/**
 * The service-wide catalog every account shares: regions, sizes, images, container families and Kubernetes
 * versions. Static data; records built from it reference these objects rather than copying them.
 */
import type { ApplicationRec, ContainerFamilyRec, DistributionImageRec, DistributionRec, KubernetesVersionRec, NodePoolSizeRec, RegionRec, SizeRec, StackletImage } from './records';

export const GiB = 1024 ** 3;
const TiB = 1024 ** 4;

const ALL_FEATURES = ['vpc', 'volumes', 'buckets', 'databases', 'kubernetes', 'floating_ips', 'load_balancers'];

export const REGIONS: readonly RegionRec[] = [
  { slug: 'fra', name: 'Frankfurt 1', features: ALL_FEATURES, available: true },
  { slug: 'ams', name: 'Amsterdam 3', features: ['vpc', 'volumes', 'kubernetes', 'floating_ips', 'load_balancers'], available: true },
  { slug: 'nyc', name: 'New York 1', features: ['vpc', 'volumes', 'databases', 'kubernetes', 'load_balancers'], available: true },
  // No kubernetes and no load balancers here, so feature checks have a region to refuse.
  { slug: 'sgp', name: 'Singapore 1', features: ['vpc', 'volumes', 'floating_ips'], available: true },
  { slug: 'lon', name: 'London 1', features: ['vpc', 'volumes', 'kubernetes', 'load_balancers'], available: false },
];

function size(id: number, slug: string, vcpu: number, memoryGb: number, diskGb: number, bandwidthTb: number, monthly: number, available = true): SizeRec {
  return {
    id,
    slug,
    vcpu,
    disk: diskGb * GiB,
    memory: memoryGb * GiB,
    bandwidth: bandwidthTb * TiB,
    available,
    price_hourly: Math.round((monthly / 730) * 100000) / 100000,
    price_monthly: monthly,
  };
}

export const SIZES: readonly SizeRec[] = [
  size(1, 's-1vcpu-512mb', 1, 0.5, 10, 0.5, 4),
  size(2, 'b-1vcpu-1gb', 1, 1, 25, 1, 6),
  size(3, 'b-1vcpu-2gb', 1, 2, 50, 2, 12),
  size(4, 'b-2vcpu-2gb', 2, 2, 60, 3, 18),
  size(5, 'b-2vcpu-4gb', 2, 4, 80, 4, 24),
  size(6, 'b-4vcpu-8gb', 4, 8, 160, 5, 48),
  // CPU- and memory-optimised sizes have small disks: resizing down to them is refused when the disk grew.
  size(7, 'c-4vcpu-8gb', 4, 8, 50, 5, 84),
  size(8, 'm-2vcpu-16gb', 2, 16, 50, 4, 84),
  size(9, 'g-8vcpu-32gb', 8, 32, 100, 7, 252, false),
];

const availableSizeIds = SIZES.filter((s) => s.available).map((s) => s.id);

function distImage(id: number, name: string, slug: string, version: string, isDefault: boolean, available = true): DistributionImageRec {
  return {
    id,
    name,
    slug,
    version,
    available,
    default: isDefault,
    extra_price: '0.0000',
    size_ids: availableSizeIds,
    min_disk: 10 * GiB,
    min_vcpu: 1,
    min_memory: null,
  };
}

export const DISTRIBUTIONS: readonly DistributionRec[] = [
  {
    name: 'Ubuntu',
    images: [
      distImage(101, '24.04 LTS x64', 'ubuntu-24-04-x64', '24.04', false),
      distImage(102, '22.04 LTS x64', 'ubuntu-22-04-x64', '22.04', true),
      distImage(103, '20.04.4 x64', 'ubuntu-20-04-4-x64', '20.04.4', false),
    ],
  },
  {
    name: 'Debian',
    images: [distImage(111, '12 x64', 'debian-12-x64', '12', true), distImage(112, '11 x64', 'debian-11-x64', '11', false)],
  },
  {
    name: 'Fedora',
    images: [distImage(121, '40 x64', 'fedora-40-x64', '40', true), distImage(122, '39 x64', 'fedora-39-x64', '39', false, false)],
  },
];

export const APPLICATIONS: readonly ApplicationRec[] = [
  { id: 201, name: 'WordPress', slug: 'wordpress-22-04', version: '6.5', available: true, extra_price: 0.0, size_ids: availableSizeIds },
  { id: 202, name: 'Docker', slug: 'docker-22-04', version: '26.1', available: true, extra_price: 0.0, size_ids: availableSizeIds },
  { id: 203, name: 'LAMP', slug: 'lamp-22-04', version: '8.3', available: true, extra_price: 0.0, size_ids: availableSizeIds },
  { id: 204, name: 'Node.js', slug: 'nodejs-22-04', version: '20.14', available: true, extra_price: 0.0, size_ids: availableSizeIds },
  // Needs 4 GB or more, so "this size cannot run this image" has a case.
  { id: 205, name: 'GitLab', slug: 'gitlab-22-04', version: '17.0', available: true, extra_price: 0.0, size_ids: [5, 6, 7, 8] },
];

export const CONTAINERS: readonly ContainerFamilyRec[] = [
  {
    name: 'nginx',
    images: [
      { id: 301, slug: 'nginx-1-27', version: '1.27', default: true, size_ids: availableSizeIds, available: true, extra_price: '0.0000' },
      { slug: 'nginx-1-25', version: '1.25', default: false, size_ids: availableSizeIds, available: true, extra_price: '0.0000' },
    ],
  },
  {
    name: 'postgres',
    images: [
      { id: 311, slug: 'postgres-16', version: '16.3', default: true, size_ids: [3, 4, 5, 6, 7, 8], available: true, extra_price: '0.0000' },
      { slug: 'postgres-15', version: '15.7', default: false, size_ids: [3, 4, 5, 6, 7, 8], available: true, extra_price: '0.0000' },
    ],
  },
  {
    name: 'redis',
    images: [{ slug: 'redis-7-2', version: '7.2', default: true, size_ids: availableSizeIds, available: true, extra_price: '0.0000' }],
  },
  {
    name: 'grafana',
    images: [{ id: 331, slug: 'grafana-11', version: '11.1', default: true, size_ids: [4, 5, 6], available: false, extra_price: '2.0000' }],
  },
];

export const KUBERNETES_VERSIONS: readonly KubernetesVersionRec[] = [
  { slug: '1.30', version: '1.30.2-00', min_vcpu: 2, min_disk: 25 * GiB, min_memory: 2 * GiB, available: true },
  { slug: '1.29', version: '1.29.6-00', min_vcpu: 2, min_disk: 25 * GiB, min_memory: 2 * GiB, available: true },
  { slug: '1.28', version: '1.28.11-00', min_vcpu: 2, min_disk: 25 * GiB, min_memory: 2 * GiB, available: true },
  { slug: '1.23', version: '1.23.0-00', min_vcpu: 2, min_disk: 25 * GiB, min_memory: 2 * GiB, available: false },
];

const regionBySlug = new Map(REGIONS.map((r) => [r.slug, r]));
const sizeBySlug = new Map(SIZES.map((s) => [s.slug, s]));

export const findRegion = (slug: string): RegionRec | undefined => regionBySlug.get(slug);
export const findSize = (slug: string): SizeRec | undefined => sizeBySlug.get(slug);

export function findKubernetesVersion(value: string): KubernetesVersionRec | undefined {
  return KUBERNETES_VERSIONS.find((v) => v.version === value || v.slug === value);
}

/** A size as a node pool shows it: with its category and snapshot limit. */
export function nodePoolSize(base: SizeRec): NodePoolSizeRec {
  const optimised = base.slug.startsWith('c-') || base.slug.startsWith('m-');
  return {
    ...base,
    category: optimised
      ? { name: 'Optimized', premium: true, cpu_model: 'AMD EPYC', description: 'Dedicated vCPUs for steady workloads' }
      : { name: 'Basic', premium: false, cpu_model: 'Intel Xeon', description: 'Shared vCPUs for everyday workloads' },
    snapshots_limit: optimised ? 10 : 5,
  };
}

/** What an image slug names in the catalog: a distribution image, or an application installed on one. */
export type CatalogImage =
  | { kind: 'distribution'; distribution: DistributionRec; image: DistributionImageRec }
  | { kind: 'application'; application: ApplicationRec; distribution: DistributionRec; image: DistributionImageRec };

export function findCatalogImage(slug: string): CatalogImage | undefined {
  for (const distribution of DISTRIBUTIONS) {
    const image = distribution.images.find((i) => i.slug === slug);
    if (image) return { kind: 'distribution', distribution, image };
  }
  const application = APPLICATIONS.find((a) => a.slug === slug);
  if (application) {
    // Applications in the catalog run on the default Ubuntu image.
    const distribution = DISTRIBUTIONS[0]!;
    const image = distribution.images.find((i) => i.default)!;
    return { kind: 'application', application, distribution, image };
  }
  return undefined;
}

/** The `distribution.image` object of a stacklet running `image`. */
export function stackletImage(image: DistributionImageRec): StackletImage {
  return {
    available: image.available,
    default: image.default,
    extra_price: image.extra_price,
    min_disk: image.min_disk,
    min_vcpu: image.min_vcpu,
    min_memory: image.min_memory,
    slug: image.slug,
    version: image.version,
  };
}

export function defaultImage(): { distribution: DistributionRec; image: DistributionImageRec } {
  const distribution = DISTRIBUTIONS[0]!;
  return { distribution, image: distribution.images.find((i) => i.default)! };
}
