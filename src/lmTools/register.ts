/**
 * The language model tools agent mode calls (contributes.languageModelTools), registered at activation as
 * stand-ins: what they do (./tools.ts, with the agent core and the workbench) is loaded the first time one is
 * prepared or invoked, so activation stays as light as it was.
 */
import * as vscode from 'vscode';
import { TOOL_NAMES, type ToolName } from './toolNames';

export type Tools = ReadonlyMap<ToolName, vscode.LanguageModelTool<unknown>>;

/** Registers a stand-in for each tool that hands its calls to the tool `load` gives. */
export function registerLanguageModelTools(load: () => Promise<Tools>): vscode.Disposable[] {
  const tool = async (name: ToolName) => {
    const found = (await load()).get(name);
    if (!found) throw new Error(`${name} is contributed but not implemented`);
    return found;
  };
  return TOOL_NAMES.map((name) => vscode.lm.registerTool<unknown>(name, {
    prepareInvocation: async (options, token) => (await tool(name)).prepareInvocation?.(options, token),
    invoke: async (options, token) => (await tool(name)).invoke(options, token),
  }));
}
