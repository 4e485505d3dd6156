/**
 * The account profile's row, and the rows of its limits (used and available), which offer no action.
 * No vscode import.
 */
import * as l10n from '@vscode/l10n';
import type { Limit, Profile } from '../../api/schemas';
import { cell } from '../../model/format';
import type { RowLook } from '../rowLook';
import { rowStates } from '../rowState';

export const profileRow = rowStates('profile', ['']);

/** A limit of the account's, under its profile: one state. */
export const limitRow = rowStates('limit', ['']);

export const PROFILE_ICON = 'account';

/**
 * The profile of `account`: another account's email with its owner's name; a local emulator's says so first, the
 * one place the views say it, with its address as the Accounts menu gives it (what tells two emulators apart; its
 * demo email, in the tooltip, would not fit the default side bar width beside it).
 * `emulator`: whether the account is a local emulator's (src/auth/accountPlace.ts, isLocalEmulator), which the
 * view passes, as it passes the account: auth is above the kinds.
 */
export function profileLook(profile: Profile, account: { readonly apiUrl: string; readonly isEmulator: boolean }, emulator: boolean): RowLook {
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
  return {
    label: emulator ? l10n.t('Local emulator') : profile.email || profile.uuid,
    ...(emulator ? { description: hostOf(account.apiUrl) } : name ? { description: name } : {}),
    icon: { id: emulator ? 'beaker' : PROFILE_ICON },
    contextValue: profileRow.context(''),
    tooltip: () => [
      `**$(account) ${cell(profile.email || profile.uuid)}**`, '', '| | |', '|---|---|',
      `| ${l10n.t('Name')} | ${cell(name || '—')} |`,
      `| ${l10n.t('Company')} | ${cell(profile.company || '—')} |`,
      `| ${l10n.t('API')} | ${cell(account.isEmulator ? l10n.t('local emulator (demo data)') : emulator ? l10n.t('local emulator at {0}', account.apiUrl) : account.apiUrl)} |`,
      `| ${l10n.t('Verified')} | ${cell(profile.is_verified ? l10n.t('yes') : l10n.t('no'))} |`,
    ],
  };
}

/** `127.0.0.1:8787`: where an API URL points. */
function hostOf(apiUrl: string): string {
  try {
    return new URL(apiUrl).host;
  } catch {
    return apiUrl;
  }
}

/** A limit as far as the service gave it: used and available, or either one alone. */
export function limitLook(limit: string, { used, available }: Limit): RowLook {
  const full = used !== undefined && available !== undefined;
  const description = full
    ? l10n.t('{0} used / {1} available', used, available)
    : available !== undefined ? l10n.t('{0} available', available) : l10n.t('{0} used', used ?? '?');
  return {
    label: limit,
    description,
    icon: { id: full && used >= available ? 'warning' : 'dashboard' },
    contextValue: limitRow.context(''),
    spoken: full ? l10n.t('{0}: {1} used of {2} available', limit, used, available) : `${limit}: ${description}`,
  };
}
