// A test-only extension (never shipped) that calls our write tools as an agent's extension does: through
// vscode.lm.invokeTool, outside a chat (no toolInvocationToken), so that VS Code itself confirms the call with
// the tool's prepareInvocation words in a modal dialog. Nothing of ours is imported or reached but the tools
// VS Code lists to every extension. What came of a call is shown in the status bar for the test to read.
// Bundled and packaged by test/e2e/agentMode.test.ts.
import * as vscode from 'vscode';

/** The one text part a tool answers, parsed (our tools answer their JSON envelope). */
function envelope(result: vscode.LanguageModelToolResult): { data: { items?: { id: number; name: string }[]; sent?: boolean } } {
  const part = result.content[0];
  return JSON.parse(part instanceof vscode.LanguageModelTextPart ? part.value : '{}') as never;
}

/** Why a call was refused: our tools' refusal (its rule and the tag that protects), else the error's name. */
function refusal(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  try {
    const { data } = JSON.parse(error.message) as { data: { refused?: string; tag?: string } };
    return [data.refused, data.tag].filter(Boolean).join(' ');
  } catch {
    return error.name || error.message;
  }
}

export function activate(context: vscode.ExtensionContext): void {
  const item = vscode.window.createStatusBarItem('agentProbe.result', vscode.StatusBarAlignment.Right, 1000);
  const call = async (tool: string, input: object) =>
    envelope(await vscode.lm.invokeTool(tool, { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token));
  context.subscriptions.push(
    item,
    // The agent access in effect here (a folder's value of an application setting is not), as our tools read it.
    vscode.commands.registerCommand('agentProbe.access', () => {
      item.text = `agent-probe: access ${String(vscode.workspace.getConfiguration('stacklet').get('agent.access'))}`;
      item.show();
    }),
    vscode.commands.registerCommand('agentProbe.powerOff', async () => {
      const name = await vscode.window.showInputBox({ prompt: 'agent-probe: the stacklet to power off' });
      if (!name) return;
      item.text = 'agent-probe: asking';
      item.show();
      try {
        const id = (await call('stacklet_find', { query: name, kind: 'stacklet' })).data.items?.find((found) => found.name === name)?.id;
        const answer = await call('stacklet_manage_stacklet', { action: 'powerOff', id });
        item.text = `agent-probe: ${answer.data.sent === true ? 'sent' : 'not sent'}`;
      } catch (error) {
        item.text = `agent-probe: refused (${refusal(error).slice(0, 60)})`;
      }
    }),
  );
}
