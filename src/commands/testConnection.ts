import * as vscode from 'vscode';
import * as notify from '../ui/notify';
import { checkConnection, stepLabel, type StepResult } from '../api/connectionCheck';
import type { CommandDeps } from './deps';

/**
 * stacklet.testConnection: checks DNS, TCP, the proxy, TLS and the token one step at a time against the
 * signed-in account's API URL (or stacklet.apiUrl when signed out). Every step goes to the log with its
 * time; the notification names the first step that failed, or says that all passed.
 */
export async function testConnection(deps: CommandDeps): Promise<boolean> {
  const target = await deps.session.connectionTarget();
  const apiUrl = target.apiUrl ?? vscode.workspace.getConfiguration('stacklet').get<string>('apiUrl', 'https://api.simplystack.com');
  const { settings } = target;
  const logStep = (result: StepResult) => {
    const line = vscode.l10n.t('Test Connection: {0} {1} in {2} ms: {3}', stepLabel(result.step), result.skipped ? vscode.l10n.t('skipped') : result.ok ? vscode.l10n.t('passed') : vscode.l10n.t('FAILED'), result.ms, result.detail);
    if (result.ok) deps.log.info(line);
    else deps.log.error(line);
  };
  deps.log.info(vscode.l10n.t('Test Connection: {0}', apiUrl));
  const report = await notify.withProgress(
    'notification',
    vscode.l10n.t('Testing the connection to {0}', apiUrl),
    (progress, cancellation) => {
      const controller = new AbortController();
      cancellation.onCancellationRequested(() => controller.abort());
      return checkConnection({
        baseUrl: apiUrl,
        ...(target.token ? { token: target.token } : {}),
        ...(settings.proxy ? { proxy: settings.proxy } : {}),
        ...(settings.trust ? { trust: settings.trust } : {}),
        allowInsecureHttp: settings.allowInsecureHttp,
        timeoutMs: settings.requestTimeoutMs,
        signal: controller.signal,
        onStep: (result) => {
          logStep(result);
          progress.report(stepLabel(result.step));
        },
      });
    },
    true,
  );
  deps.log.info(vscode.l10n.t('Test Connection: {0} in {1} ms', report.failed ? vscode.l10n.t('failed') : vscode.l10n.t('passed'), report.ms));
  const showLog = vscode.l10n.t('Show Log');
  const shown = report.failed
    ? notify.error(vscode.l10n.t('Test Connection: the {0} step failed: {1}', stepLabel(report.failed.step), report.failed.detail), showLog)
    : notify.info(
        report.email
          ? vscode.l10n.t('The connection to {0} works, {1}; signed in as {2}.', report.origin, report.route, report.email)
          : vscode.l10n.t('The connection to {0} works, {1}; sign in to check a token.', report.origin, report.route),
        showLog,
      );
  void shown.then((choice) => choice === showLog && deps.log.show(true));
  return !report.failed;
}
