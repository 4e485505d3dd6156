/** Every language model tool package.json contributes, by name (test/unit/packageManifest.test.ts checks the two agree). No vscode import. */
export const TOOL_NAMES = [
  'stacklet_find', 'stacklet_describe', 'stacklet_cost', 'stacklet_catalog', 'stacklet_tasks', 'stacklet_recentActions',
] as const;

export type ToolName = (typeof TOOL_NAMES)[number];
