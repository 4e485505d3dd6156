/** The /v1 route table, assembled from one file per resource family. */
import type { Handler } from '../context';
import { Router } from '../http';
import { registerAccount } from './account';
import { registerCatalog } from './catalog';
import { registerFirewalls } from './firewalls';
import { registerKubernetes } from './kubernetes';
import { registerLoadBalancers } from './loadBalancers';
import { registerProjects } from './projects';
import { registerSnapshots } from './snapshots';
import { registerSshKeys } from './sshKeys';
import { registerStacklets } from './stacklets';
import { registerTags } from './tags';
import { registerUserdata } from './userdata';
import { registerVolumes } from './volumes';
import { registerVpcs } from './vpcs';

export function apiRouter(): Router<Handler> {
  const router = new Router<Handler>();
  for (const register of [
    registerAccount,
    registerStacklets,
    registerSnapshots,
    registerVolumes,
    registerFirewalls,
    registerLoadBalancers,
    registerKubernetes,
    registerVpcs,
    registerUserdata,
    registerCatalog,
    registerSshKeys,
    registerTags,
    registerProjects,
  ]) {
    register(router);
  }
  return router;
}
