// Where the MCP server takes its token from: a variable, a file only its owner reads, or a command's output;
// exactly one of them, and no problem said with the token in it.
import * as assert from 'node:assert/strict';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readToken } from '../../src/auth/tokenSource';

describe('MCP server token sources', () => {
  let dir: string;
  const secret = 'stk_secret_0123456789';
  before(async () => (dir = await mkdtemp(join(tmpdir(), 'stacklet-token-'))));
  after(() => rm(dir, { recursive: true, force: true }));

  const file = async (name: string, text: string, mode: number) => {
    const path = join(dir, name);
    await writeFile(path, text);
    await chmod(path, mode);
    return path;
  };
  const problemOf = async (env: Record<string, string>) => {
    const read = await readToken(env, 'linux');
    assert.ok('problem' in read, JSON.stringify(read));
    assert.equal(read.problem.includes(secret), false);
    return read.problem;
  };

  it('takes STACKLET_TOKEN as it is, and says when nothing is given', async () => {
    assert.deepEqual(await readToken({ STACKLET_TOKEN: secret }), { token: secret, from: 'STACKLET_TOKEN' });
    assert.deepEqual(await readToken({}), { none: true });
    assert.deepEqual(await readToken({ STACKLET_TOKEN: '' }), { none: true });
  });

  it('reads the first line of a file only its owner can read', async () => {
    const path = await file('owner', `${secret}\n`, 0o600);
    assert.deepEqual(await readToken({ STACKLET_TOKEN_FILE: path }, 'linux'), { token: secret, from: 'STACKLET_TOKEN_FILE' });
  });

  it('refuses a file its group or others can read, naming the mode and the fix', async () => {
    for (const mode of [0o644, 0o640, 0o604]) {
      const path = await file(`open-${mode.toString(8)}`, secret, mode);
      const problem = await problemOf({ STACKLET_TOKEN_FILE: path });
      assert.match(problem, new RegExp(`mode ${mode.toString(8)}.*chmod 600`));
    }
  });

  it('refuses a missing file, a folder and an empty file without throwing', async () => {
    assert.match(await problemOf({ STACKLET_TOKEN_FILE: join(dir, 'absent') }), /could not be opened \(ENOENT\)/);
    await chmod(dir, 0o700);
    assert.match(await problemOf({ STACKLET_TOKEN_FILE: dir }), /not a file|could not be opened/);
    assert.match(await problemOf({ STACKLET_TOKEN_FILE: await file('empty', '\n', 0o600) }), /empty token/);
  });

  it('refuses a token with a space or a control character, which would break the header', async () => {
    assert.match(await problemOf({ STACKLET_TOKEN_FILE: await file('spaced', `stk a ${secret}`, 0o600) }), /space or a control/);
    assert.match(await problemOf({ STACKLET_TOKEN: `${secret}\u0007` }), /space or a control/);
  });

  it('takes the output of STACKLET_TOKEN_COMMAND, and says when it fails, hangs on or prints too much', async () => {
    assert.deepEqual(await readToken({ STACKLET_TOKEN_COMMAND: `printf '%s\\n' ${secret}` }), { token: secret, from: 'STACKLET_TOKEN_COMMAND' });
    assert.match(await problemOf({ STACKLET_TOKEN_COMMAND: `echo ${secret} >&2; exit 3` }), /failed \(exit 3\)/);
    assert.match(await problemOf({ STACKLET_TOKEN_COMMAND: 'head -c 40000 /dev/zero | tr "\\0" a' }), /more than 16384 bytes/);
  });

  it('refuses two sources at once rather than guess which one counts', async () => {
    const path = await file('both', secret, 0o600);
    assert.match(await problemOf({ STACKLET_TOKEN: secret, STACKLET_TOKEN_FILE: path }), /only one of STACKLET_TOKEN, STACKLET_TOKEN_FILE/);
  });
});
