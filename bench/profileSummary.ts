/**
 * `node out/bench/profileSummary.js <folder>`: the extension host's CPU profiles a profiled feel run wrote
 * (STACKLET_BENCH_PROFILE, bench/feel.ts), summed by whose code ran: each extension, VS Code, Node's own
 * modules, garbage collection, compiling, idle. Profiles named `<what>-<round>.cpuprofile` are grouped by
 * `<what>` and each sum is the median over the rounds, so that two builds or two machines can be set side by side.
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { median } from './figure';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Whose code a frame is: an extension's folder name, VS Code, Node, or V8's own pseudo-frames. */
function ownerOf(frame: ProfileNode['callFrame']): string {
  const extension = /\/extensions\/([^/]+)\//.exec(frame.url)?.[1];
  if (extension) return `extension ${extension.replace(/-\d+\.\d+\.\d+$/, '')}`;
  if (frame.url.includes('/lib/vscode/')) return 'VS Code';
  if (frame.url.startsWith('node:') || (frame.url === '' && frame.functionName !== '' && !frame.functionName.startsWith('('))) return 'Node';
  if (frame.url === '') return frame.functionName;
  return 'other';
}

/**
 * Time in ms by owner, and by our files' functions, of one profile. A sample counts for the nearest extension on
 * its stack: Node compiling a module, or zlib, is the work of the extension that called it.
 */
function sums(profile: CpuProfile, ours: string): { byOwner: Map<string, number>; byFunction: Map<string, number> } {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  /** The innermost frame of an extension's code on a sample's stack, with whose it is. */
  const extensionOn = (id: number): { owner: string; frame: ProfileNode['callFrame'] } | undefined => {
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const frame = nodes.get(at)!.callFrame;
      const owner = ownerOf(frame);
      if (owner.startsWith('extension ')) return { owner, frame };
    }
    return undefined;
  };
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const leaf = nodes.get(id)!.callFrame;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const extension = extensionOn(id);
    const owner = extension?.owner ?? ownerOf(leaf);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + ms);
    if (extension && owner.includes(ours)) {
      // Our function, and what it was running when sampled when that was not our own code (zlib, a stream).
      const { frame } = extension;
      const key = `${path.basename(frame.url)} ${frame.functionName || '(top level)'}:${frame.lineNumber + 1}${leaf === frame ? '' : ` → ${leaf.functionName || '(anonymous)'} ${path.basename(leaf.url)}`}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    }
  });
  return { byOwner, byFunction };
}

function main(): void {
  const folder = process.argv[2];
  if (!folder) throw new Error('usage: node out/bench/profileSummary.js <folder of .cpuprofile files>');
  const groups = new Map<string, ReturnType<typeof sums>[]>();
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.cpuprofile')).sort()) {
    const what = file.replace(/-\d+\.cpuprofile$/, '');
    const profile = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as CpuProfile;
    groups.set(what, [...(groups.get(what) ?? []), sums(profile, 'stacklet-cloud')]);
  }
  for (const [what, runs] of groups) {
    const owners = new Set(runs.flatMap((run) => [...run.byOwner.keys()]));
    const medians = [...owners].map((owner) => [owner, median(runs.map((run) => run.byOwner.get(owner) ?? 0))] as const).sort((a, b) => b[1] - a[1]);
    console.log(`\n${what} (median of ${runs.length} profiles, ms of CPU: an extension's includes what Node did for it)`);
    for (const [owner, ms] of medians) if (ms >= 0.5) console.log(`  ${ms.toFixed(1).padStart(8)}  ${owner}`);
    const functions = new Set(runs.flatMap((run) => [...run.byFunction.keys()]));
    const top = [...functions].map((fn) => [fn, median(runs.map((run) => run.byFunction.get(fn) ?? 0))] as const).sort((a, b) => b[1] - a[1]).slice(0, 15);
    if (top.length > 0) console.log('  our functions:');
    for (const [fn, ms] of top) if (ms >= 0.2) console.log(`  ${ms.toFixed(1).padStart(8)}  ${fn}`);
  }
}

main();
