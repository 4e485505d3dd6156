/**
 * The MCP server's npm package as a user gets it, for the unit tier and the bench: `npm pack` of
 * packages/stacklet-mcp (its prepack builds the bundle), installed into an empty folder with no registry to reach
 * (a closed port) and an empty cache, so whatever installs and runs comes from the tarball alone.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
export const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

export interface InstalledPackage {
  /** The tarball `npm pack` wrote. */
  readonly tarball: string;
  /** The folder it is installed in (`node_modules/stacklet-mcp`, and its bin in `node_modules/.bin`). */
  readonly folder: string;
  /** The environment that reaches no registry: for npx and npm in that folder. */
  readonly offline: Record<string, string>;
}

/** Packs the package from the repository root (the current folder) into `work`, and installs it offline there. */
export function packAndInstallOffline(work: string): InstalledPackage {
  const offline = {
    PATH: process.env['PATH'] ?? '',
    HOME: work,
    npm_config_registry: 'http://127.0.0.1:9/',
    npm_config_cache: path.join(work, 'npm-cache'),
    npm_config_update_notifier: 'false',
  };
  const packed = JSON.parse(execFileSync(NPM, ['pack', './packages/stacklet-mcp', '--pack-destination', work, '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as { filename: string }[];
  const tarball = path.join(work, packed[0]!.filename);
  const folder = path.join(work, 'installed');
  mkdirSync(folder);
  // A folder of its own to npm: without a package.json, npm installs into the nearest folder above that has one
  // or a node_modules (a stray /tmp/node_modules took the package once).
  writeFileSync(path.join(folder, 'package.json'), '{ "private": true }\n');
  execFileSync(NPM, ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', tarball], { cwd: folder, env: offline, stdio: 'pipe' });
  return { tarball, folder, offline };
}
