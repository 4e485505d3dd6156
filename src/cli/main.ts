/**
 * `stacklet` (the npm package's bin, `node dist/cli.js` in the VSIX): the account as a document in a terminal and in
 * CI (issue 48). `export` prints the account as a document; `plan` plans one against the account (exit 0: no
 * changes, 2: changes, 1: an error, Terraform's convention for a check in a pull request) and may save the plan;
 * `apply` applies exactly a saved plan, refused when the account moved since, asked on a terminal (`--yes` for CI;
 * deletions also need `--allow-delete`). The token is taken as the MCP server takes it. No vscode import.
 */
import * as fs from 'node:fs';
import * as l10n from '@vscode/l10n';
import * as readline from 'node:readline/promises';
import { StackletClient } from '../api/client';
import { isLoopbackUrl } from '../api/loopback';
import { describeError } from '../api/errorText';
import { actionContext } from '../actions/context';
import { readToken } from '../auth/tokenSource';
import { applyPlan, applyQuestion, refusalsBefore, stepWords, totalWords } from '../documents/account/accountApply';
import { exportAccount, type ExportChoice } from '../documents/account/accountExport';
import { fingerprintOf, planAccount, readLive, type AccountPlan } from '../documents/account/accountPlan';
import { DECLARED_KINDS } from '../kinds/declared';
import { definitionOf } from '../kinds/operations';
import { ResourceStore } from '../kinds/resourceStore';
import { ActionHistory } from '../model/actionHistory';
import { lineLocator } from '../documents/jsonDocument';
import { confirmsText, terminalJson, terminalText } from '../model/serviceText';
import { speakEnvironmentLanguage } from '../model/processLocale';
import { foldWords, usageRows } from '../model/usageText';
import { plural } from '../api/plural';

/** What `stacklet --help` prints, in the environment's language. */
export function usage(): string {
  return `${l10n.t('Usage:')}
${usageRows([
    ['  stacklet export [--tag T | --region R]', l10n.t("Print the account (or one tag's or region's part) as a document.")],
    ['  stacklet plan FILE [--json] [--out PLAN.json]', `${l10n.t('What it would take to make the account match FILE.')} ${l10n.t('Exit 0: no changes; 2: changes; 1: an error.')}`],
    ['  stacklet apply PLAN.json [--yes] [--allow-delete]', l10n.t('Apply a saved plan, refused when the account moved since it was made. Asks first; --yes does not (CI), and deletions need --allow-delete.')],
  ], 49, 110)}

${foldWords(l10n.t('Environment: STACKLET_API_URL, and the token in one of STACKLET_TOKEN_FILE (readable by its owner only), STACKLET_TOKEN_COMMAND (a command that prints it) or STACKLET_TOKEN. The token is never printed.'), 110).join('\n')}
${foldWords(l10n.t('The language of these words: STACKLET_LOCALE, LANGUAGE, LC_ALL, LC_MESSAGES or LANG.'), 110).join('\n')}
`;
}

/** A saved plan: what `plan --out` writes and `apply` reads. */
interface SavedPlan {
  readonly kind: 'stacklet-plan';
  readonly version: 1;
  readonly apiUrl: string;
  readonly account: string;
  readonly plan: AccountPlan;
}

interface Io {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Asks on the terminal; undefined when there is none to ask on. */
  readonly ask?: (question: string) => Promise<string>;
}

function flag(args: string[], name: string): boolean {
  const at = args.indexOf(name);
  if (at < 0) return false;
  args.splice(at, 1);
  return true;
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(l10n.t('{0} takes a value', name));
  args.splice(at, 2);
  return value;
}

async function connect(io: Io) {
  const apiUrl = io.env['STACKLET_API_URL'];
  if (!apiUrl) throw new Error(l10n.t('STACKLET_API_URL is not set.'));
  const read = await readToken(io.env);
  if ('problem' in read) throw new Error(read.problem);
  if ('none' in read) throw new Error(l10n.t('No token: set STACKLET_TOKEN_FILE, STACKLET_TOKEN_COMMAND or STACKLET_TOKEN.'));
  const client = new StackletClient({ baseUrl: apiUrl, token: read.token, allowInsecureHttp: isLoopbackUrl(new URL(apiUrl)) });
  const store = new ResourceStore(client);
  const account = { apiUrl, isEmulator: io.env['STACKLET_EMULATOR'] === '1' };
  const ctx = actionContext({ account, client, store, history: new ActionHistory() });
  const email = await client.getProfile().then((profile) => profile.email ?? apiUrl, () => apiUrl);
  return { apiUrl, client, store, ctx, email };
}

/** Runs the command line; the exit code. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = [...argv];
  const command = args.shift();
  if (command === undefined || command === '--help' || command === '-h') {
    io.out(usage());
    return command === undefined ? 1 : 0;
  }
  let session: Awaited<ReturnType<typeof connect>> | undefined;
  try {
    if (command === 'export') {
      const tag = option(args, '--tag');
      const region = option(args, '--region');
      if (args.length > 0) throw new Error(l10n.t('Unknown argument: {0}', args[0]!));
      session = await connect(io);
      const choice: ExportChoice = { scope: { ...(tag !== undefined ? { tag } : {}), ...(region !== undefined ? { region } : {}) } };
      io.out(terminalJson(exportAccount(await readLive(session.store, DECLARED_KINDS), DECLARED_KINDS, choice, { email: session.email, readAt: new Date() })));
      return 0;
    }
    if (command === 'plan') {
      const json = flag(args, '--json');
      const out = option(args, '--out');
      const file = args.shift();
      if (file === undefined || args.length > 0) throw new Error(l10n.t('plan takes one FILE'));
      const text = fs.readFileSync(file, 'utf8');
      session = await connect(io);
      const plan = planAccount(text, await readLive(session.store, DECLARED_KINDS), DECLARED_KINDS);
      if (out !== undefined && plan.problems.length === 0) {
        const saved: SavedPlan = { kind: 'stacklet-plan', version: 1, apiUrl: session.apiUrl, account: session.email, plan };
        fs.writeFileSync(out, `${JSON.stringify(saved, null, 2)}\n`);
      }
      if (json) io.out(`${terminalJson(JSON.stringify(plan, null, 2))}\n`);
      else io.out(planText(plan, file, text, session.email));
      if (plan.problems.length > 0) return 1;
      return plan.steps.length === 0 ? 0 : 2;
    }
    if (command === 'apply') {
      const yes = flag(args, '--yes');
      const allowDelete = flag(args, '--allow-delete');
      const file = args.shift();
      if (file === undefined || args.length > 0) throw new Error(l10n.t('apply takes one saved plan (plan --out PLAN.json)'));
      const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as SavedPlan;
      if (saved.kind !== 'stacklet-plan' || saved.version !== 1 || !Array.isArray(saved.plan?.steps)) throw new Error(l10n.t('{0} is not a saved plan', file));
      session = await connect(io);
      if (saved.apiUrl !== session.apiUrl) throw new Error(l10n.t('The plan was made against {0}, not {1}.', saved.apiUrl, session.apiUrl));
      const { plan } = saved;
      if (fingerprintOf(await readLive(session.store, DECLARED_KINDS), DECLARED_KINDS) !== plan.fingerprint) {
        throw new Error(l10n.t('The account changed since the plan was made: nothing was applied. Plan again.'));
      }
      if (plan.steps.length === 0) {
        io.out(`${l10n.t('No changes.')}\n`);
        return 0;
      }
      if (plan.steps.some((step) => step.op === 'delete') && !allowDelete) throw new Error(l10n.t('The plan deletes; pass --allow-delete to apply it.'));
      const refused = await refusalsBefore(session.ctx, plan, definitionOf);
      if (refused.length > 0) throw new Error(l10n.t('Nothing was applied: {0}', refused.map(({ step, reason }) => `${stepWords(step)} (${reason})`).join('; ')));
      const question = applyQuestion(plan, session.email);
      let typed = question.typed;
      if (!yes) {
        if (!io.ask) throw new Error(l10n.t('No terminal to ask on: pass --yes to apply without asking.'));
        io.out(`${terminalText(question.question)}\n${question.lines.map((line) => `  ${terminalText(line)}`).join('\n')}\n`);
        if (question.typed !== undefined) {
          typed = (await io.ask(`${l10n.t('Type "{0}" to confirm:', terminalText(question.typed))} `)).trim();
          if (!confirmsText(typed, question.typed)) throw new Error(l10n.t('Not confirmed: nothing was applied.'));
        } else if (!/^y(es)?$/i.test((await io.ask(`${l10n.t('Apply? [y/N]')} `)).trim())) {
          io.out(`${l10n.t('Nothing was applied.')}\n`);
          return 1;
        }
      }
      const report = await applyPlan(session.ctx, plan, typed, { definitionOf, progress: (_title, work) => work((count, name) => io.err(`${count}/${plan.steps.length} ${terminalText(name)}\n`)) });
      io.out(`${terminalText(report.message)}\n`);
      return report.complete ? 0 : 1;
    }
    throw new Error(l10n.t('Unknown command: {0}', command));
  } catch (error) {
    io.err(`stacklet: ${terminalText(describeError(error))}\n`);
    return 1;
  } finally {
    await session?.client.dispose();
  }
}

/** The plan as a terminal shows it: each step with its cost, the total, what is left alone; problems by line. */
function planText(plan: AccountPlan, file: string, text: string, account: string): string {
  if (plan.problems.length > 0) {
    const line = lineLocator(text);
    return `${plan.problems.map((problem) => `${file}:${line(problem.offset)}: ${terminalText(problem.message)}`).join('\n')}\n`;
  }
  if (plan.steps.length === 0) return `${l10n.t('No changes: {0} matches {1}.', terminalText(account), file)}\n`;
  return [
    plural(plan.steps.length, l10n.t('1 step to make {0} match {1}:', terminalText(account), file), l10n.t('{0} steps to make {1} match {2}:', plan.steps.length, terminalText(account), file)),
    ...plan.steps.map((step, i) => `  ${i + 1}. ${terminalText(stepWords(step))}`),
    l10n.t('Estimated monthly change: {0}.', totalWords(plan)),
    ...(plan.leftAlone.length > 0 ? [l10n.t('Left alone (not in the document): {0}.', plan.leftAlone.map((item) => `${item.kind} ${terminalText(item.name)}`).join(', '))] : []),
    '',
  ].join('\n');
}

/* c8 ignore start: the process's own entry, run as the module loads (it is never imported) */
function main(): void {
  speakEnvironmentLanguage(process.env, process.argv[1]);
  const terminal = process.stdin.isTTY ? readline.createInterface({ input: process.stdin, output: process.stderr }) : undefined;
  void run(process.argv.slice(2), {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    env: process.env,
    ...(terminal ? { ask: (question: string) => terminal.question(question) } : {}),
  }).then((code) => {
    terminal?.close();
    process.exitCode = code;
  });
}

main();
