/**
 * The commands of no one kind: the session, the views' title bars, Go to Resource, tasks, documents, and the
 * row actions many kinds share (View Properties, the copies, Copy as curl), which each kind places on its rows
 * in its own actions.ts. `npm run manifest` writes them into package.json (src/manifest/generate.ts).
 * No vscode import.
 */
import { DOCUMENT_SCHEMES, RESOURCE_SCHEME } from './schemes';
import { VIEW_IDS, type ViewId } from './viewIds';
import { SIGNED_IN, type CommandDeclaration, type RowAction } from './declarations';
import type { RowCondition, RowStates } from './rowState';

/** An editor showing a document of a kind (firewall, load balancer, userdata). */
const DOCUMENT_EDITOR = `resourceScheme =~ /^(${Object.values(DOCUMENT_SCHEMES).join('|')})$/`;
/** An editor showing an account document (src/editors/accountDocuments.ts): `stacklet.jsonc` or `*.stacklet.jsonc`. */
const ACCOUNT_EDITOR = 'resourceFilename =~ /(^|\\.)stacklet\\.jsonc$/';

/** An editor showing one resource's JSON (View Properties: src/ui/resourceDocuments.ts). */
const RESOURCE_EDITOR = `resourceScheme == ${RESOURCE_SCHEME} && resourcePath =~ /^\\/[A-Za-z]+\\/[^/]+\\/[^/]+\\.json$/`;

/** Each view's name in its commands' titles ("Refresh Stacklets"). */
const VIEW_NOUNS: Readonly<Record<ViewId, string>> = {
  stacklets: 'Stacklets',
  volumes: 'Volumes',
  userdata: 'Userdata',
  containers: 'Containers',
  networking: 'Networking',
  kubernetes: 'Kubernetes',
  snapshots: 'Snapshots',
  account: 'Account',
};
/** Views without a name filter. */
const UNFILTERED: readonly ViewId[] = ['account'];

/** Refresh, and for a view with a filter, Filter by Name and Clear Filter, in the view's title bar. */
function viewCommands(view: ViewId): CommandDeclaration[] {
  const noun = VIEW_NOUNS[view];
  const refresh: CommandDeclaration = { id: `stacklet.${view}.refresh`, title: `Refresh ${noun}`, icon: 'refresh', viewTitle: [{ view, group: 'navigation@9' }] };
  if (UNFILTERED.includes(view)) return [refresh];
  const filtered = `stacklet.filtered.${view}`;
  return [
    refresh,
    { id: `stacklet.${view}.filterByName`, title: `Filter ${noun} by Name`, icon: 'filter', viewTitle: [{ view, group: '2_filter@1' }] },
    { id: `stacklet.${view}.clearFilter`, title: `Clear ${noun} Filter`, icon: 'clear-all', palette: filtered, viewTitle: [{ view, group: 'navigation@6', when: filtered }] },
  ];
}

export const COMMANDS: readonly CommandDeclaration[] = [
  { id: 'stacklet.signIn', title: 'Sign In with API Token', icon: 'sign-in', palette: null },
  { id: 'stacklet.tryEmulator', title: 'Try the Local Emulator', icon: 'beaker', palette: null },
  { id: 'stacklet.resetEmulator', title: 'Reset Local Emulator', icon: 'discard', palette: null },
  { id: 'stacklet.signOut', title: 'Sign Out', icon: 'sign-out', palette: SIGNED_IN, viewTitle: [{ view: 'account', group: 'navigation@2', when: SIGNED_IN }] },
  { id: 'stacklet.switchAccount', title: 'Switch Account', icon: 'account', palette: SIGNED_IN, viewTitle: [{ view: 'account', group: 'navigation@1', when: SIGNED_IN }] },
  { id: 'stacklet.showAccount', title: 'Show Account', icon: 'account', palette: null },
  { id: 'stacklet.showLog', title: 'Show Log', icon: 'output', palette: null },
  { id: 'stacklet.testConnection', title: 'Test Connection', icon: 'pulse', palette: null },
  { id: 'stacklet.showTasks', title: 'Show Running Tasks', icon: 'sync', palette: null },
  { id: 'stacklet.refreshAll', title: 'Refresh All Views', icon: 'refresh' },
  { id: 'stacklet.goToResource', title: 'Go to Resource…', icon: 'search', viewTitle: [{ view: 'every', group: 'navigation@0' }] },
  ...VIEW_IDS.flatMap(viewCommands),
  { id: 'stacklet.stacklets.filterByTag', title: 'Filter Stacklets by Tag', icon: 'tag', viewTitle: [{ view: 'stacklets', group: '2_filter@2' }] },
  { id: 'stacklet.stacklets.groupBy', title: 'Group Stacklets By…', icon: 'group-by-ref-type', viewTitle: [{ view: 'stacklets', group: '2_filter@3' }] },
  { id: 'stacklet.volumes.filterByRegion', title: 'Filter Volumes by Region', icon: 'globe', viewTitle: [{ view: 'volumes', group: '2_filter@2' }] },
  { id: 'stacklet.viewProperties', title: 'View Properties', icon: 'json' },
  { id: 'stacklet.copyId', title: 'Copy ID', icon: 'copy' },
  { id: 'stacklet.copyName', title: 'Copy Name', icon: 'copy' },
  { id: 'stacklet.copyIp', title: 'Copy IP Address', icon: 'copy' },
  { id: 'stacklet.copyAsCurl', title: 'Copy as curl', icon: 'terminal', editorTitle: [{ when: RESOURCE_EDITOR, group: 'navigation@1' }] },
  { id: 'stacklet.applyDocument', title: 'Apply to Stacklet Cloud', icon: 'cloud-upload', palette: DOCUMENT_EDITOR, editorTitle: [{ when: DOCUMENT_EDITOR, group: 'navigation@1' }] },
  { id: 'stacklet.compareDocument', title: 'Compare with Stacklet Cloud', icon: 'diff', palette: DOCUMENT_EDITOR, editorTitle: [{ when: DOCUMENT_EDITOR, group: 'navigation@2' }] },
  { id: 'stacklet.openAccountDocument', title: 'Open Account as Document…', icon: 'json', viewTitle: [{ view: 'account', group: 'navigation@3' }] },
  { id: 'stacklet.openSelectionAsDocument', title: 'Open as Document', icon: 'json' },
  { id: 'stacklet.planAccountDocument', title: 'Plan', icon: 'checklist', palette: ACCOUNT_EDITOR, editorTitle: [{ when: ACCOUNT_EDITOR, group: 'navigation@1' }] },
  { id: 'stacklet.applyAccountDocument', title: 'Apply', icon: 'cloud-upload', palette: ACCOUNT_EDITOR, editorTitle: [{ when: ACCOUNT_EDITOR, group: 'navigation@2' }] },
  { id: 'stacklet.showAccountDifferences', title: 'Show Differences from the Account', icon: 'diff', palette: ACCOUNT_EDITOR, editorTitle: [{ when: ACCOUNT_EDITOR, group: 'navigation@3' }] },
  { id: 'stacklet.discardDraft', title: 'Discard Draft', icon: 'discard', palette: DOCUMENT_EDITOR, editorTitle: [{ when: DOCUMENT_EDITOR, group: '1_stacklet@1' }] },
];

/** The actions every resource row has, in every state (a kind spreads those it lists). */
export const COMMON_ACTIONS = {
  viewProperties: { command: 'stacklet.viewProperties', at: ['9_inspect@1'] },
  copyId: { command: 'stacklet.copyId', at: ['8_copy@1'] },
  copyName: { command: 'stacklet.copyName', at: ['8_copy@2'] },
} as const satisfies Record<string, RowAction<never, never>>;

/**
 * Open as Document: the resources chosen (any kinds the account document holds), as one account document; on
 * every row of the kind but one being deleted, which is going away.
 */
export function openAsDocument<S extends string, F extends string>(row: RowStates<S, F>): RowAction<S, F> {
  return { command: 'stacklet.openSelectionAsDocument', at: ['9_inspect@3'], states: row.states };
}

export const COPY_AS_CURL = { command: 'stacklet.copyAsCurl', at: ['9_inspect@2'] } as const satisfies RowAction<never, never>;

/** Copy IP Address, on the rows the condition names (those that have their address). */
export function copyAddress<S extends string, F extends string>(condition: RowCondition<S, F> = {}): RowAction<S, F> {
  return { ...condition, command: 'stacklet.copyIp', at: ['8_copy@3'] };
}
