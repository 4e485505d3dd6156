/** What the extension offers on container families. No vscode import. */
import { COMMON_ACTIONS, COPY_AS_CURL } from '../commands';
import { kindActions } from '../declarations';
import { containerRow } from './row';

export const containerActions = kindActions('container', containerRow, { ...COMMON_ACTIONS, copyAsCurl: COPY_AS_CURL });
