// The layout's rules (CONTRIBUTING.md, "Layout"), checked by `npm run lint` over src/ with dependency-cruiser: the
// layers below (a lower layer never imports a higher one, and no door imports another: the workbench wires them), no
// import circle anywhere, the core never imports `vscode`, and only the emulator itself reaches its internals (the
// extension starts it through src/emulator/embedded.ts). Type-only imports count: a circle of types is still a
// circle for the reader, and a type from above still ties a layer to what is above it.

/** The core: tested in plain Node, so `vscode` cannot be loaded there. */
const CORE = [
  '^src/(actions|agent|api|emulator|model|documents|remote)/',
  '^src/kinds/[^/]+\\.ts$',
  '^src/kinds/[^/]+/(kind|row|actions|operations|declared|document[A-Za-z]*)\\.ts$',
  '^src/manifest/',
  '^src/auth/(accountRegistry|localAccounts|session|tokenSource)\\.ts$',
  '^src/cli/',
  '^src/tasks/(pollTimer|schedule|storedTasks|taskChecks|taskStorage|taskTracker|types)\\.ts$',
];

/**
 * Each kind's actions (src/kinds/<kind>/operations.ts) and the write tools made of them (src/kinds/operations.ts);
 * each kind's part in the account document (src/kinds/<kind>/declared.ts) and their list (src/kinds/declared.ts);
 * a kind's own document (src/kinds/<kind>/document*.ts: its state, diff, schema and text) and their list
 * (src/kinds/documents.ts); the agents' tools of the account document (src/kinds/accountTools.ts).
 */
const OPERATIONS = '^src/kinds/(operations|declared|documents|accountTools|[^/]+/(operations|declared|document[A-Za-z]*))\\.ts$';

/** The doors: each takes a request its own way and confirms it; what two need lives below them. */
const DOORS = '^src/(commands|editors|lmTools|mcp|cli|manifest)/';

/** The layers, lowest first: each imports its own and those below it, never one above. */
const LAYERS = [
  // The HTTP client, and the two helpers every layer says things with (plural.ts, errorText.ts): the client's
  // messages need them too.
  { name: 'api', path: ['^src/api/'] },
  // model: what knows no kind (formats, cost, words, the action history, emitters, lifecycles).
  // remote: the SSH config Open in Remote Window writes, which needs only model's SSH address.
  // emulator: the service's stand-in shares the API's schemas and model's helpers but never the extension's kinds,
  // so it cannot agree with the client by sharing a mistake.
  { name: 'model', path: ['^src/model/', '^src/remote/', '^src/emulator/'] },
  // Each kind's identity, rows and menus, the registry, what is built on it (the store of listings, search, limits)
  // and the ids the menus name (viewIds.ts, schemes.ts). Not the kinds' operations: they plug into the actions.
  { name: 'kinds', path: ['^src/kinds/'], pathNot: [OPERATIONS] },
  // Accounts and the session: low, but above the kinds, as a session owns the store of its account's listings.
  { name: 'auth', path: ['^src/auth/'] },
  // The framework every change passes (define, plan, gate), and what agents read and are held to.
  { name: 'actions/agent', path: ['^src/(actions|agent)/'] },
  // Following tasks, the views' trees, resources as documents; ui is their presentation, beside them
  // (ui-is-presentation keeps it from what decides).
  { name: 'tasks/views/documents/ui', path: ['^src/(tasks|views|documents|ui)/'] },
  // The kinds' plug-ins into the actions, which may plan from a document (a firewall's rules), and into the account
  // document; and their lists.
  { name: 'operations', path: [OPERATIONS] },
  // commands, editors, lmTools, mcp, cli (the account as a document in a terminal); and manifest, the build-time door that writes package.json from what the
  // others declare.
  { name: 'doors', path: [DOORS] },
  // Activation and the wiring. networkSettings.ts and emulatorWorldStorage.ts adapt VS Code's settings and storage
  // for the client and the emulator: the workbench alone hands them in.
  { name: 'workbench', path: ['^src/(extension|workbench|networkSettings|emulatorWorldStorage)\\.ts$'] },
];

/** One rule a layer: it imports nothing of the layers above it. */
function layerRule(layer, index) {
  const above = LAYERS.slice(index + 1);
  return {
    name: `layer-${layer.name.replaceAll('/', '-')}`,
    severity: 'error',
    comment: `${layer.name} imports nothing above it (${above.map((a) => a.name).join(', ')}): move what it needs down, or pass it in (CONTRIBUTING.md, "Layout").`,
    from: { path: layer.path, pathNot: layer.pathNot ?? [] },
    to: { path: above.flatMap((a) => a.path) },
  };
}

const LAYER_RULES = LAYERS.slice(0, -1).map(layerRule);

const DOORS_APART = {
  name: 'doors-apart',
  severity: 'error',
  comment: 'A door imports no other door: move what both need below them, or have the workbench pass it in (as CommandDeps does).',
  from: { path: DOORS },
  // $1: the door's own folder.
  to: { path: DOORS, pathNot: ['^src/$1/'] },
};

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...LAYER_RULES,
    DOORS_APART,
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: two modules that each need the other cannot be read, tested or loaded apart. Move what both need into a third.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'core-without-vscode',
      severity: 'error',
      comment: 'The core runs in plain Node: take what you need as a parameter, or move the code to an edge.',
      from: { path: CORE },
      // `vscode` resolves to its type declarations; the extension host provides the module itself.
      to: { path: '^node_modules/@types/vscode/' },
    },
    {
      name: 'emulator-behind-its-door',
      severity: 'error',
      comment: 'The extension starts the emulator through src/emulator/embedded.ts only; its internals stay behind that door.',
      from: { path: '^src/', pathNot: '^src/emulator/' },
      to: { path: '^src/emulator/', pathNot: '^src/emulator/embedded\\.ts$' },
    },
    {
      name: 'ui-is-presentation',
      severity: 'error',
      comment: 'src/ui holds presentation only (messages, prompts, file systems, drafts, the log): what decides and sends lives in commands, editors, tasks or views.',
      from: { path: '^src/ui/' },
      to: { path: '^src/(commands|editors|tasks|views)/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing.',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // The MCP SDK is reached through its package.json `exports` (`@modelcontextprotocol/sdk/server/mcp.js`).
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['require', 'node', 'default'] },
    exclude: { path: '^(out|dist)/' },
  },
};
