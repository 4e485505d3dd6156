/** Every language model tool package.json contributes, by name (test/unit/packageManifest.test.ts checks the two agree). No vscode import. */
export const TOOL_NAMES = [
  'stacklet_find', 'stacklet_describe', 'stacklet_cost', 'stacklet_catalog', 'stacklet_tasks', 'stacklet_recentActions',
  // The write tools, in the order of the agent core's WRITE_OPERATIONS (the unit test checks it).
  'stacklet_power_off', 'stacklet_power_on', 'stacklet_power_cycle', 'stacklet_resize', 'stacklet_snapshot', 'stacklet_tag', 'stacklet_untag',
  'stacklet_attach_firewall', 'stacklet_rename', 'stacklet_create', 'stacklet_create_volume', 'stacklet_set_firewall_rules', 'stacklet_delete',
] as const;

export type ToolName = (typeof TOOL_NAMES)[number];
