// Packages a test-only extension (never shipped) that e2e suites install beside ours: bundled with esbuild (our
// own modules it imports included) and packaged as a VSIX with vsce, in a folder of its own.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from '../harness/provision';

export interface Probe {
  /** Its package name, and the VSIX's. */
  readonly name: string;
  /** Its entry, from the repository's root. */
  readonly entry: string;
  readonly commands: readonly { command: string; title: string }[];
  /** What its README says it is. */
  readonly about: string;
}

/** The probe that calls our language model tools as an agent's extension does (./agentProbe/extension.ts). */
export const AGENT_PROBE: Probe = {
  name: 'agent-probe',
  entry: 'test/e2e/agentProbe/extension.ts',
  commands: [
    { command: 'agentProbe.powerOff', title: 'Agent Probe: Power Off a Stacklet' },
    { command: 'agentProbe.access', title: 'Agent Probe: Show the Agent Access' },
  ],
  about: 'Test-only probe that calls the Stacklet Cloud language model tools as an agent does.',
};

/** Bundles and packages `probe` in `dir`; the VSIX's path. */
export async function packageProbe(dir: string, probe: Probe): Promise<string> {
  await build({
    entryPoints: [path.join(REPO_ROOT, probe.entry)],
    bundle: true, platform: 'node', format: 'cjs', external: ['vscode'], outfile: path.join(dir, 'extension.js'), logLevel: 'error',
  });
  const manifest = {
    name: probe.name, publisher: 'stacklet-test', version: '0.0.1', license: 'MIT', engines: { vscode: '^1.100.0' },
    main: './extension.js', activationEvents: ['onStartupFinished'],
    contributes: { commands: probe.commands },
  };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(dir, 'README.md'), `${probe.about}\n`);
  fs.writeFileSync(path.join(dir, 'LICENSE'), 'MIT\n');
  const vsix = path.join(dir, `${probe.name}.vsix`);
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--allow-missing-repository', '-o', vsix], { cwd: dir, stdio: 'pipe' });
  return vsix;
}
