// Names as one list in a sentence (src/model/listText.ts), in English and in German, and a bulk action's summary
// that says its ended tasks in its own words with that list (src/tasks/taskGroups.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { listText } from '../../src/model/listText';
import { EndedGroups, newTaskGroup } from '../../src/tasks/taskGroups';
import type { TrackedTask } from '../../src/tasks/types';

const ROOT = path.resolve(__dirname, '..', '..', '..');

describe('names as a list in a sentence', () => {
  it('joins one, two and several names as English does', () => {
    assert.equal(listText([]), '');
    assert.equal(listText(['web-1']), 'web-1');
    assert.equal(listText(['web-1', 'db-1']), 'web-1 and db-1');
    assert.equal(listText(['web-1', 'db-1', 'blog']), 'web-1, db-1 and blog');
  });

  it('takes its joining word from the display language', () => {
    l10n.config({ contents: JSON.parse(fs.readFileSync(path.join(ROOT, 'l10n', 'bundle.l10n.de.json'), 'utf8')) as Record<string, string> });
    try {
      assert.equal(listText(['web-1', 'db-1', 'blog']), 'web-1, db-1 und blog');
    } finally {
      l10n.config({ contents: {} });
    }
  });

  it("says a group's ended tasks in the action's words when they ended alike, else each with the service's", () => {
    const ended = (names: string, count: number) => (count === 1 ? `${names} was powered off.` : `${names} were powered off.`);
    const task = (group: ReturnType<typeof newTaskGroup>, name: string, completed: string) =>
      ({ kind: 'stacklet', resourceId: name, resourceName: name, startedAt: 0, task: { id: 1, name: 'power_off', description: { progress: '', completed } }, group }) as unknown as TrackedTask & { group: typeof group };
    const alike = newTaskGroup('Powering off 3 stacklets', ended);
    alike.names.push('web-1', 'db-1', 'blog');
    const groups = new EndedGroups();
    for (const name of ['blog', 'web-1', 'db-1']) groups.add(task(alike, name, 'stacklet was powered off'), name);
    assert.deepEqual(groups.settled([]), ['Powering off 3 stacklets: done. web-1, db-1 and blog were powered off.']);

    // A selection's tasks are tracked as its answers come: the summary keeps the order the action listed them in.
    const answered = newTaskGroup('Powering off 3 stacklets', ended, ['web-1', 'db-1', 'blog']);
    answered.names.push('blog', 'web-1', 'db-1');
    for (const name of ['db-1', 'blog', 'web-1']) groups.add(task(answered, name, 'stacklet was powered off'), name);
    assert.deepEqual(groups.settled([]), ['Powering off 3 stacklets: done. web-1, db-1 and blog were powered off.']);

    const unlike = newTaskGroup('Powering off 3 stacklets', ended);
    unlike.names.push('web-1', 'db-1', 'blog');
    groups.add(task(unlike, 'web-1', 'stacklet was powered off'), 'web-1');
    groups.add(task(unlike, 'db-1', 'stacklet was powered off'), 'db-1');
    groups.add(task(unlike, 'blog', 'power off failed'), 'blog');
    assert.deepEqual(groups.settled([]), ['Powering off 3 stacklets: done. web-1 and db-1: stacklet was powered off; blog: power off failed']);
  });
});
