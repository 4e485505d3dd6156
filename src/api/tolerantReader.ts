/**
 * The tolerant reader's toolkit: how a schema reads any answer the specification allows. Per field, only what
 * the extension cannot do without is required; every other field may be absent, null or of another type and is
 * then read as absent, or as its neutral value (an empty list, `false`). Lists the extension only shows pass
 * over an entry they cannot read. Objects are loose: unknown fields are kept. The service's schemas
 * (./schemas.ts) are written with these; aliased spellings are folded by ./aliases.ts.
 */
import * as z from 'zod/mini';
import { $constructor, $ZodObjectJIT, type $loose, type $ZodLooseShape, type $ZodObjectDef } from 'zod/v4/core';

/**
 * zod/mini's object with the parser the full build of zod gives every object: one generated for its shape on
 * first use ($ZodObjectJIT; ZodMiniObject.init then only adds zod/mini's methods, the $ZodObject part being
 * done). zod/mini's own objects share one interpreted parser, which validates a listing of stacklets about
 * 2.5 times slower and keeps more heap. Issues, paths and output are the same either way.
 */
const ZodMiniObjectJIT = $constructor('ZodMiniObjectJIT', (inst: z.ZodMiniObject, def: $ZodObjectDef) => {
  $ZodObjectJIT.init(inst, def);
  z.ZodMiniObject.init(inst, def);
});

type LooseObject<T extends $ZodLooseShape> = z.ZodMiniObject<z.core.util.Writeable<T>, $loose>;

/** `z.looseObject` (unknown fields are kept) with the generated parser. */
export function looseObject<T extends $ZodLooseShape>(shape: T): LooseObject<T> {
  return new ZodMiniObjectJIT({ type: 'object', shape, catchall: z.unknown() }) as LooseObject<T>;
}

/**
 * A schema built on its first use rather than as its module loads: building all of the service's schemas took
 * 9 ms of the first row's path in plain Node, more on a slower CPU (issue 47), and a view reads with a few of
 * them. Parsing through it costs one call more per value.
 */
export function onFirstUse<T extends z.ZodMiniType>(build: () => T): z.ZodMiniLazy<T> {
  return z.lazy(build);
}

// ── how a field is read ─────────────────────────────────────────────────────

/** A field the extension can do without: absent, null or of another type, it reads as absent. */
export function maybe<T extends z.ZodMiniType>(schema: T) {
  return z.catch(z.optional(schema), undefined);
}

/** A field the specification types "… or null": absent it stays absent, of another type it reads as null. */
export function orNull<T extends z.ZodMiniType>(schema: T) {
  return z.catch(z.nullish(schema), null);
}

/** A field with a neutral value (a flag, a text) that stands for it when it is absent, null or of another type. */
export function orElse<T extends z.ZodMiniType>(schema: T, fallback: () => z.output<T>) {
  return z.catch(schema, fallback);
}

export const flag = (fallback: boolean) => orElse(z.boolean(), () => fallback);
export const text = () => orElse(z.string(), () => '');

/**
 * A list read by `read`, entry by entry; anything but an array reads as empty. One transform rather than
 * `z.catch(z.pipe(z.array(z.unknown()), …))`: the same answers, without a copy of every list and a result object
 * per entry first. Validating 10,000 stacklets took about 11 % less (bench/parse.ts's payload in plain Node).
 */
function readEntries<T>(read: (list: unknown[]) => T[]) {
  return z.transform((list: unknown): T[] => (Array.isArray(list) ? read(list) : []));
}

/** Strings of a list; other entries are passed over (a region slug list, tags, features). */
export const strings = readEntries((list) => list.filter((entry): entry is string => typeof entry === 'string'));

/**
 * Integer identifiers of a list (`stacklet_ids`, `backup_ids`): the specification types some of them only as
 * "array". Whole numbers and strings of digits are kept as numbers; anything else names no stacklet.
 */
export const ids = readEntries((list) => list.flatMap((entry) =>
  typeof entry === 'number' && Number.isSafeInteger(entry) ? [entry]
  : typeof entry === 'string' && /^[0-9]{1,15}$/.test(entry) ? [Number(entry)]
  : []));

/** A list whose entries are only shown (addresses, images, nodes): an entry that cannot be read is passed over. */
export function shownList<T extends z.ZodMiniType>(schema: T) {
  // With zod's generated parsers even on a short page (src/api/envelope.ts): read without them, these entries
  // added half of JSON.parse's time to validating 10,000 stacklets (2.4× it to 2.9×).
  return readEntries((list) => list.flatMap((entry) => {
    const result = schema.safeParse(entry);
    return result.success ? [result.data as z.output<T>] : [];
  }));
}

/**
 * A list the extension acts on (firewall rules, forwarding rules, node pools): absent or null it is empty, but
 * an entry that cannot be read makes the resource unreadable, since showing or editing part of the list as the
 * whole would mislead.
 */
export function actedList<T extends z.ZodMiniType>(schema: T) {
  return z.pipe(z.transform((value) => value ?? []), z.array(schema));
}

/**
 * Resources are named in the views by `name`; one the answer does not name is shown by its identifier
 * (`#1001`), as the views already show an attached stacklet they only know by id.
 */
export function named<T extends z.ZodMiniType<{ name?: string | undefined }>>(schema: T, id: (value: z.output<T>) => string | number) {
  return z.pipe(
    schema,
    z.transform((value) => (value.name === undefined ? { ...value, name: `#${id(value)}` } : value) as z.output<T> & { name: string }),
  );
}
