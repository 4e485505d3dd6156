/**
 * A working day in memory: the integration tier's suite (test/integration/workingDay.test.ts) run alone in
 * code-server, in the extension host itself, where the views, the session, the task tracker and Go to Resource
 * live. The heap is read after a forced GC (V8's gc(), exposed there with v8.setFlagsFromString).
 */
import { integrationFigures } from './host';
import { times, type Figure } from './figure';

interface Reading {
  heapMB: number;
  listeners: number;
  /** The extension's timers, on its clock and the test's. */
  timers: number;
  /** Node's, the extension host's own among them: reported, not compared (they come and go with the host's work). */
  hostTimers: number;
  handles: number;
  resources: Record<string, number>;
}

interface DayFigures {
  hours: number;
  stacklets: number;
  ticks: number;
  actions: number;
  searches: number;
  requests: number;
  realSeconds: number;
  start: Reading;
  middle: Reading;
  end: Reading;
}

export async function workingDayFigures(log: (line: string) => void): Promise<Figure[]> {
  const day = integrationFigures<DayFigures>('a working day in memory', 'working day', log, 20 * 60_000, true);
  const { start, middle, end } = day;
  const what = `${day.stacklets.toLocaleString('en')} stacklets, the Stacklets view visible and refreshed every 10 s (${day.ticks.toLocaleString('en')} refreshes, ${day.requests.toLocaleString('en')} requests), ${day.actions} actions followed to the end of their tasks, ${day.searches} Go to Resource searches, over ${day.hours} simulated hours of a working day (${Math.round(day.realSeconds)} s)`;
  const counts = (r: Reading) => `${r.listeners} listeners, ${r.timers} timers, ${r.handles} handles (Node's timers, the host's own among them, ${r.hostTimers})`;
  const drift = Math.abs(end.listeners - middle.listeners) + Math.abs(end.timers - middle.timers) + Math.abs(end.handles - middle.handles);
  return [
    {
      id: 'day.heap',
      label: `a working day: the extension host's heap after a forced GC at the end, against the middle (${what})`,
      value: end.heapMB / middle.heapMB,
      unit: '× middle',
      better: 'lower',
      target: { value: 1.1, text: '≤ 1.1× the middle' },
      baseline: { label: 'heap at the middle of the day, MB', value: middle.heapMB },
      ratio: { value: end.heapMB / middle.heapMB, text: `${end.heapMB.toFixed(1)} MB = ${times(end.heapMB / middle.heapMB)} the middle` },
      note: `start ${start.heapMB.toFixed(1)} MB, middle ${middle.heapMB.toFixed(1)} MB, end ${end.heapMB.toFixed(1)} MB`,
    },
    {
      id: 'day.counts',
      label: 'the same day: listeners of the extension\'s emitters, the extension\'s timers and open handles at the end that differ from the middle',
      value: drift,
      unit: 'more or fewer',
      better: 'lower',
      target: { value: 0, text: '0 (equal)' },
      note: `middle: ${counts(middle)}; end: ${counts(end)}; start: ${counts(start)}`,
    },
  ];
}
