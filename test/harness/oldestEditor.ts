// The oldest editor's tier: part of the integration suites, run in the code-server build of the oldest VS Code
// that package.json's engines.vscode admits (OLDEST_EDITOR in provision.ts), while the whole suite runs in the
// newest. The part is what must work wherever the extension installs, one test or suite per feature area.
/** Beginnings of the full titles (suite titles and test title joined by spaces) of the tests run there. */
export const OLDEST_EDITOR_TESTS: readonly string[] = [
  // installed, activated, every contributed command and view registered, the emulator reached
  'Stacklet Cloud in the VS Code extension host ',
  // signed in, then the Stacklets view lists what the emulator holds
  'Resource explorer sign-in verifies a good token ',
  'Resource explorer views lists every stacklet ',
  // an action's task followed in the status bar until it ends
  'Task progress shows the running task in the status bar',
  // a document edited, saved and applied to the service
  'Firewall documents opens a firewall as JSONC',
  // the agent tools through vscode.lm: listed, invoked, confirmed
  'Language model tools ',
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The mocha grep (a regular expression, as STACKLET_TEST_GREP) that selects OLDEST_EDITOR_TESTS. */
export function oldestEditorGrep(): string {
  return `^(?:${OLDEST_EDITOR_TESTS.map(escapeRegExp).join('|')})`;
}
