/**
 * The account as a document (issue 48), at +50 ms per answer: planning a document of 10,000 stacklets (with the demo
 * account's volumes, firewalls and tags) against the time to read those listings, and exporting it likewise (both
 * ≤ 1.3×; the compute alone reported); applying 100 independent changes against their floor, levels × ⌈n / 8⌉ ×
 * RTT (≤ 1.3×); and the compute of a plan that changes half the stacklets and prunes the other half against the
 * unchanged export's (≤ 1.5×). Each step of the apply is planned by its definition and sent through the gate, as
 * Apply sends it.
 */
import { StackletClient } from '../src/api/client';
import { applyPlan } from '../src/documents/account/accountApply';
import { exportAccount } from '../src/documents/account/accountExport';
import { planAccount, readLive } from '../src/documents/account/accountPlan';
import { startEmulator } from '../src/emulator/server';
import { DECLARED_KINDS } from '../src/kinds/declared';
import { definitionOf } from '../src/kinds/operations';
import { ResourceStore } from '../src/kinds/resourceStore';
import { boundedFloorMs, BULK_CONCURRENCY } from '../src/model/bulk';
import { floorFigure, median, times, type Figure } from './figure';

const STACKLETS = 10_000;
const LATENCY_MS = 50;
const CHANGES = 100;
const RUNS = 3;

export async function accountFigures(log: (line: string) => void): Promise<Figure[]> {
  const emu = await startEmulator({ port: 0, seed: 'demo', extraStacklets: STACKLETS, latencyMs: LATENCY_MS, taskMs: 10 });
  const client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken, pageConcurrency: 4 });
  const store = new ResourceStore(client);
  try {
    await client.getProfile(); // a connection is open before anything is timed
    const reads: number[] = [];
    const plans: number[] = [];
    const computes: number[] = [];
    const exports: number[] = [];
    let text = '';
    for (let run = 0; run < RUNS; run++) {
      let started = performance.now();
      await readLive(store, DECLARED_KINDS);
      reads.push(performance.now() - started);
      started = performance.now();
      text = exportAccount(await readLive(store, DECLARED_KINDS), DECLARED_KINDS, { scope: {} }, { email: 'bench', readAt: new Date() });
      exports.push(performance.now() - started);
      started = performance.now();
      const again = await readLive(store, DECLARED_KINDS);
      const computing = performance.now();
      const plan = planAccount(text, again, DECLARED_KINDS);
      computes.push(performance.now() - computing);
      plans.push(performance.now() - started);
      if (plan.steps.length !== 0 || plan.problems.length !== 0) throw new Error(`the export planned ${plan.steps.length} steps, ${plan.problems.length} problems`);
      log(`account run ${run + 1}: read ${Math.round(reads.at(-1)!)} ms, export ${Math.round(exports.at(-1)!)} ms, plan ${Math.round(plans.at(-1)!)} ms (compute ${Math.round(computes.at(-1)!)} ms)`);
    }
    const read = median(reads);
    // The export as JSON, its comment lines taken off, for an edit of it.
    const exportedDoc = () => JSON.parse(text.replace(/^\/\/.*\n/gm, '')) as { stacklets: { tags: string[] }[]; prune?: boolean };
    // Half the stacklets changed (a tag each) and the other half pruned: thousands of prunes beside thousands of
    // changes, whose waits were lists of n·m keys until issue 47 (9.3 s and 228 MB for 5,000 of each here).
    const live = await readLive(store, DECLARED_KINDS);
    const mixedDoc = exportedDoc();
    const half = Math.floor(mixedDoc.stacklets.length / 2);
    mixedDoc.stacklets = mixedDoc.stacklets.slice(0, half);
    mixedDoc.stacklets.forEach((stacklet) => stacklet.tags.push('bench-mixed'));
    mixedDoc.prune = true;
    const mixedText = JSON.stringify(mixedDoc);
    const mixed: number[] = [];
    let mixedSteps = 0;
    for (let run = 0; run < RUNS; run++) {
      const computing = performance.now();
      const planned = planAccount(mixedText, live, DECLARED_KINDS);
      mixed.push(performance.now() - computing);
      if (planned.problems.length > 0) throw new Error(`the mixed document has problems: ${planned.problems[0]!.message}`);
      mixedSteps = planned.steps.length;
    }
    log(`account: the mixed plan, ${mixedSteps} steps: ${mixed.map((ms) => `${Math.round(ms)} ms`).join(', ')}`);
    // 100 independent changes: a new tag on 100 stacklets, one level, sent 8 at a time.
    const doc = exportedDoc();
    doc.stacklets.slice(0, CHANGES).forEach((stacklet) => stacklet.tags.push('bench-applied'));
    const plan = planAccount(JSON.stringify(doc), await readLive(store, DECLARED_KINDS), DECLARED_KINDS);
    if (plan.steps.length !== CHANGES) throw new Error(`${plan.steps.length} steps planned, not ${CHANGES}`);
    const levels = new Set(plan.steps.map((step) => step.level)).size;
    const started = performance.now();
    const report = await applyPlan({ source: 'emulator', client, store }, plan, undefined, { definitionOf, pollMs: 20 });
    const applyMs = performance.now() - started;
    if (!report.complete) throw new Error(report.message);
    const floor = levels * boundedFloorMs(CHANGES, BULK_CONCURRENCY, LATENCY_MS);
    const ratioFigure = (id: string, label: string, ms: number, target: number, note: string): Figure => ({
      id, label, value: ms / read, unit: '× the reads', better: 'lower',
      target: { value: target, text: `≤ ${target}× the reads` },
      baseline: { label: 'reading the listings', value: Math.round(read) },
      ratio: { value: ms / read, text: `${Math.round(ms)} ms = ${times(ms / read)} the reads (${Math.round(read)} ms)` },
      note,
    });
    return [
      ratioFigure('account.plan', `plan a document of ${STACKLETS.toLocaleString('en')} stacklets with their volumes, firewalls and tags, +${LATENCY_MS} ms`, median(plans), 1.3, `the compute alone: ${Math.round(median(computes))} ms`),
      ratioFigure('account.export', `export the same account as a document, +${LATENCY_MS} ms`, median(exports), 1.3, `${(text.length / 1024 / 1024).toFixed(1)} MB of text`),
      {
        id: 'account.planMixed',
        label: `plan ${half.toLocaleString('en')} stacklets changed and the other ${(mixedSteps - half).toLocaleString('en')} pruned (the compute alone), against the compute of planning the unchanged export`,
        value: median(mixed) / median(computes),
        unit: '× the unchanged plan',
        better: 'lower',
        target: { value: 1.5, text: '≤ 1.5× the unchanged plan' },
        baseline: { label: 'the unchanged export planned, the compute alone, ms', value: Math.round(median(computes)) },
        ratio: { value: median(mixed) / median(computes), text: `${Math.round(median(mixed))} ms = ${times(median(mixed) / median(computes))} the unchanged plan's ${Math.round(median(computes))} ms` },
        note: `${mixedSteps.toLocaleString('en')} steps, median of ${RUNS}`,
      },
      floorFigure('account.apply', `apply ${CHANGES} independent changes, +${LATENCY_MS} ms, ${BULK_CONCURRENCY} at a time, against levels × ⌈${CHANGES}/${BULK_CONCURRENCY}⌉ × ${LATENCY_MS} ms = ${floor} ms`, applyMs, floor, 1.3),
    ];
  } finally {
    await client.dispose();
    await emu.close();
  }
}
