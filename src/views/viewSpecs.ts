/** What each view shows, by id: the compiler asks for a spec of every id in VIEW_IDS. */
import { accountView } from './accountView';
import { containersView } from './containersView';
import { kubernetesView } from './kubernetesView';
import { networkingView } from './networkingView';
import type { ViewSpec } from './resourceTreeProvider';
import { snapshotsView } from './snapshotsView';
import { stackletsView } from './stackletsView';
import { userdataView } from './userdataView';
import type { ViewId } from '../kinds/viewIds';
import { volumesView } from './volumesView';

export const VIEW_SPECS: Readonly<Record<ViewId, ViewSpec>> = {
  stacklets: stackletsView,
  volumes: volumesView,
  userdata: userdataView,
  containers: containersView,
  networking: networkingView,
  kubernetes: kubernetesView,
  snapshots: snapshotsView,
  account: accountView,
};
