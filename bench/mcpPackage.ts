/**
 * The MCP server's npm package (issue 46): what `npx -y stacklet-mcp` downloads, and how long from starting it
 * (already installed, as npx finds it the second time) to its answer to `initialize`. Baselines from the same run:
 * the server's bundle as the VSIX carries it (dist/mcp.js, minified by `npm run package`), and `node dist/mcp.js`
 * started the same way, the two alternating round by round.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { NPX, packAndInstallOffline } from '../test/harness/mcpPackage';
import { floorFigure, median, times, type Figure } from './figure';

const ROUNDS = 9;
const KB = 1024;

/** Milliseconds from spawning `command` to the server's answer to `initialize` (the client's connect). */
async function toInitialize(command: string, args: string[], cwd: string, env: Record<string, string>): Promise<number> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  const started = performance.now();
  await client.connect(new StdioClientTransport({ command, args, cwd, env, stderr: 'ignore' }));
  const ms = performance.now() - started;
  await client.close();
  return ms;
}

export async function mcpPackageFigures(log: (line: string) => void): Promise<Figure[]> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'stacklet-bench-package-'));
  try {
    const { tarball, folder: installed, offline: env } = packAndInstallOffline(work);
    const tarballBytes = statSync(tarball).size;
    const vsixBundle = statSync('dist/mcp.js').size;

    const packagedMs: number[] = [];
    const inRepoMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      packagedMs.push(await toInitialize(NPX, ['-y', '--offline', 'stacklet-mcp'], installed, env));
      inRepoMs.push(await toInitialize(process.execPath, [path.resolve('dist/mcp.js')], installed, env));
    }
    const ours = median(packagedMs);
    const floor = median(inRepoMs);
    const spread = packagedMs.map((ms, i) => ms / inRepoMs[i]!).sort((a, b) => a - b);
    log(`mcpPackage: tarball ${tarballBytes} B; npx → initialize ${packagedMs.map(Math.round).join(', ')} ms; node dist/mcp.js ${inRepoMs.map(Math.round).join(', ')} ms`);
    return [
      {
        id: 'mcpPackage.bytes',
        label: 'the MCP server\'s npm package: the tarball `npm run pack:mcp` makes (what `npx -y stacklet-mcp` downloads)',
        value: tarballBytes / KB,
        unit: 'KB',
        better: 'lower',
        target: { value: 256, text: '≤ 256 KB' },
        baseline: { label: 'the same server as the VSIX carries it (dist/mcp.js, minified, uncompressed)', value: Math.round(vsixBundle / KB) },
        ratio: { value: tarballBytes / vsixBundle, text: `${times(tarballBytes / vsixBundle)} of the bundle` },
        tracked: { value: tarballBytes / KB, better: 'lower' },
      },
      floorFigure(
        'mcpPackage.start',
        `npx -y stacklet-mcp (installed) to its answer to initialize, median of ${ROUNDS}; floor: node dist/mcp.js started the same way, alternating`,
        ours,
        floor,
        3.2,
        `rounds ${times(spread[0]!)}–${times(spread.at(-1)!)}; the difference is npx's own start and its look-up of the bin (${Math.round(ours - floor)} ms), not the server's`,
      ),
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
