import * as z from 'zod/mini';

/**
 * Wraps an object schema so alias keys are folded into their canonical name (when the canonical one is
 * absent) before validation. The service's documentation mixes spellings (`stackelt_ids`, `inboud_rules`,
 * `region_ids`); reading both here keeps every other module on one spelling. Every other field is kept.
 */
export function aliased<T extends z.ZodMiniType>(aliases: Readonly<Record<string, string>>, schema: T) {
  const fold = z.transform((value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const record = value as Record<string, unknown>;
    let out: Record<string, unknown> | undefined;
    for (const [alias, canonical] of Object.entries(aliases)) {
      if (alias in record && !(canonical in (out ?? record))) {
        out ??= { ...record };
        out[canonical] = record[alias];
        delete out[alias];
      }
    }
    return out ?? value;
  });
  return z.pipe(fold, schema);
}
