/** What the extension offers on container images: the common inspections. No vscode import. */
import { COMMON_ACTIONS } from '../commands';
import { kindActions } from '../declarations';
import { containerImageRow } from './row';

export const containerImageActions = kindActions('containerImage', containerImageRow, { ...COMMON_ACTIONS });
