/**
 * The language model tools agent mode calls (contributes.languageModelTools), registered at activation as
 * stand-ins: what they do (./tools.ts, with the agent core and the workbench) is loaded the first time one is
 * prepared or invoked, so activation stays as light as it was.
 */
import * as vscode from 'vscode';
import type { ToolName } from './toolNames';

export type Tools = ReadonlyMap<ToolName, vscode.LanguageModelTool<unknown>>;

/** Registers a stand-in for each tool of `names` that hands its calls to the tool `load` gives. */
export function registerLanguageModelTools(names: readonly string[], load: () => Promise<Tools>): vscode.Disposable[] {
  const tool = async (name: string) => {
    const found = (await load()).get(name as ToolName);
    if (!found) throw new Error(`${name} is contributed but not implemented`);
    return found;
  };
  return names.map((name) => vscode.lm.registerTool<unknown>(name, {
    prepareInvocation: async (options, token) => (await tool(name)).prepareInvocation?.(options, token),
    invoke: async (options, token) => (await tool(name)).invoke(options, token),
  }));
}

/**
 * The tools package.json contributes, as VS Code read it: the names activation registers, read rather than
 * compiled in (TOOL_NAMES, ./toolNames.ts, is the same list; test/unit/packageManifest.test.ts checks it).
 */
export function contributedTools(extension: vscode.Extension<unknown>): string[] {
  const manifest = extension.packageJSON as { contributes?: { languageModelTools?: { name: string }[] } };
  return (manifest.contributes?.languageModelTools ?? []).map((tool) => tool.name);
}
