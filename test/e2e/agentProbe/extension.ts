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

export function activate(context: vscode.ExtensionContext): void {
  const item = vscode.window.createStatusBarItem('agentProbe.result', vscode.StatusBarAlignment.Right, 1000);
  const call = async (tool: string, input: object) =>
    envelope(await vscode.lm.invokeTool(tool, { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token));
  context.subscriptions.push(
    item,
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
        item.text = `agent-probe: refused (${(error instanceof Error ? error.name || error.message : String(error)).slice(0, 60)})`;
      }
    }),
  );
}
