import * as vscode from 'vscode';
import { refTo } from '../kinds/registry';
import { containerLook } from '../kinds/container/row';
import { containerImageLook } from '../kinds/containerImage/row';
import { singleListingView } from './listing';
import { lookNode } from './resourceNode';

export const containersView = singleListingView(
  'containers',
  'container',
  (family) => lookNode(containerLook(family), {
    id: `container/${family.name}`,
    resource: refTo('container', family),
    children: () => family.images.map((image) => lookNode(containerImageLook(image), { id: `container/${family.name}/${image.slug}`, resource: refTo('containerImage', image) })),
  }),
  () => vscode.l10n.t('No container images offered.'),
);
