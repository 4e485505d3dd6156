/** What the extension offers on the account's profile. No vscode import. */
import { COMMON_ACTIONS, COPY_AS_CURL } from '../commands';
import { kindActions } from '../declarations';
import { profileRow } from './row';

export const profileActions = kindActions('profile', profileRow, { ...COMMON_ACTIONS, copyAsCurl: COPY_AS_CURL });
