/**
 * Every language model tool package.json contributes, by name (test/unit/packageManifest.test.ts checks the two agree):
 * the tools' table is keyed by it. Activation reads the names from the manifest instead (./register.ts). No vscode import.
 */
export const TOOL_NAMES = [
  'stacklet_find', 'stacklet_describe', 'stacklet_cost', 'stacklet_catalog', 'stacklet_tasks', 'stacklet_recentActions', 'stacklet_planAccount',
  // The account document's apply, a write of no one kind.
  'stacklet_applyAccount',
  // The write tools, one per kind, in the order of src/kinds/operations.ts's WRITE_TOOLS (written out so that
  // the tools' types need not come from the definitions; the unit test checks the two agree).
  'stacklet_manage_stacklet', 'stacklet_manage_volume', 'stacklet_manage_snapshot', 'stacklet_manage_backup', 'stacklet_manage_firewall',
  'stacklet_manage_vpc', 'stacklet_manage_cluster', 'stacklet_manage_nodePool', 'stacklet_manage_sshKey', 'stacklet_manage_loadBalancer', 'stacklet_manage_userdata', 'stacklet_manage_tag',
] as const;

export type ToolName = (typeof TOOL_NAMES)[number];
