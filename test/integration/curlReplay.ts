// Copy as curl, proved by running what it copied: the commands of an action of this window, taken from the
// palette as a user would (the newest entry whose title matches), run by bash against the test's emulator with
// $STACKLET_TOKEN set, as its status line tells the user to.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as vscode from 'vscode';
import type { ScriptedPrompter } from './scriptedPrompter';

/** What Copy as curl puts on the clipboard for the newest action whose title matches `title`. */
export async function copiedAction(prompter: ScriptedPrompter, title: RegExp): Promise<string> {
  prompter.script({ pick: (item) => /^Action \d+: /.test(item.label) && title.test(item.label) });
  assert.equal(await vscode.commands.executeCommand('stacklet.copyAsCurl'), true, 'Copy as curl copied something');
  assert.deepEqual(prompter.problems, []);
  return vscode.env.clipboard.readText();
}

/** Runs copied curl commands with bash and the token in $STACKLET_TOKEN; what each printed, in order. */
export function runCurl(commands: string, token: string): Promise<string> {
  assert.ok(!commands.includes(token), 'the copy never holds the token');
  return new Promise((resolve, reject) => {
    execFile('bash', ['-c', commands], { env: { ...process.env, STACKLET_TOKEN: token }, timeout: 20_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`curl failed: ${error.message}\n${stderr}`)) : resolve(stdout));
  });
}
