/**
 * package.json's `contributes.languageModelTools` input schemas, and the package.nls.json words they name, from
 * the agent tools' specs (src/agent/toolSpec.ts): a field's description becomes `%lmTool.input.<field>%`, shared
 * by every tool that describes the field alike, or `%lmTool.<reference>.input.<field>%` where a tool describes it
 * otherwise than the first; a spec's description becomes the tool's model description. The rest of each entry
 * (display name, reference name, icon, user description) is written by hand. Pure. No vscode import.
 */
import { inputJsonSchema, type Shape } from '../agent/toolSpec';

/** What the manifest takes of a tool's spec: a write tool not yet described by a spec gives only its input. */
export interface ToolManifestSpec {
  readonly name: string;
  readonly input: Shape;
  readonly description?: string;
}

export interface ManifestTool {
  readonly name: string;
  readonly toolReferenceName: string;
  readonly modelDescription: string;
  inputSchema?: unknown;
}

export interface GeneratedTools {
  /** The input schema of each tool, by name. */
  readonly schemas: Record<string, Record<string, unknown>>;
  /** package.nls.json's English for the tools' descriptions, by key. */
  readonly words: Record<string, string>;
}

/** The key of a `%key%` reference. */
const keyOf = (reference: string) => /^%(.+)%$/.exec(reference)?.[1];

/** Every key these words are written under starts so (a key of them nothing generates is dropped). */
export const TOOL_WORD_PREFIX = 'lmTool.';

export function generateTools(entries: readonly ManifestTool[], specs: readonly ToolManifestSpec[]): GeneratedTools {
  const schemas: Record<string, Record<string, unknown>> = {};
  const words: Record<string, string> = {};
  for (const entry of entries) {
    const spec = specs.find((s) => s.name === entry.name);
    if (!spec) throw new Error(`package.json contributes the tool ${entry.name}, which no spec describes`);
    const schema = inputJsonSchema(spec) as { properties?: Record<string, { description?: string }> };
    for (const [field, property] of Object.entries(schema.properties ?? {})) {
      if (property.description === undefined) continue;
      const shared = `${TOOL_WORD_PREFIX}input.${field}`;
      const key = words[shared] === undefined || words[shared] === property.description ? shared : `${TOOL_WORD_PREFIX}${entry.toolReferenceName}.input.${field}`;
      words[key] = property.description;
      property.description = `%${key}%`;
    }
    schemas[entry.name] = schema;
    const model = keyOf(entry.modelDescription);
    if (spec.description !== undefined && model !== undefined) words[model] = spec.description;
  }
  const missing = specs.filter((spec) => !entries.some((entry) => entry.name === spec.name));
  if (missing.length > 0) throw new Error(`package.json contributes no tool ${missing.map((s) => s.name).join(', ')}`);
  return { schemas, words };
}
