/**
 * VS Code's network settings, read for the core's transport: the proxy (`http.proxy`, `http.noProxy`,
 * `http.proxyStrictSSL`, `http.proxyAuthorization`, `http.proxySupport`, and the proxy variables of the
 * extension host's environment) and `http.systemCertificates`. VS Code owns these settings; the extension only
 * reads them, so a user who set up VS Code for their network has nothing more to set.
 */
import * as vscode from 'vscode';
import type { ProxySettings } from './api/proxy';
import type { TrustSettings } from './api/trust';

const NETWORK_SETTINGS = ['http.proxy', 'http.noProxy', 'http.proxyStrictSSL', 'http.proxyAuthorization', 'http.proxySupport', 'http.systemCertificates'];

export function networkSettings(): { proxy: ProxySettings; trust: TrustSettings } {
  const http = vscode.workspace.getConfiguration('http');
  const authorization = http.get<string | null>('proxyAuthorization');
  return {
    proxy: {
      url: http.get<string>('proxy', ''),
      noProxy: http.get<string[]>('noProxy', []),
      strictSSL: http.get<boolean>('proxyStrictSSL', true),
      ...(typeof authorization === 'string' && authorization !== '' ? { authorization } : {}),
      support: http.get<string>('proxySupport', 'override'),
      env: process.env,
    },
    trust: { systemCertificates: http.get<boolean>('systemCertificates', true) },
  };
}

/** Calls `listener` when one of those settings changes (a new client then connects with them). */
export function onDidChangeNetworkSettings(listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (NETWORK_SETTINGS.some((name) => event.affectsConfiguration(name))) listener();
  });
}
