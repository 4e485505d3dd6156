// The layout's rules (CONTRIBUTING.md, "Layout"), checked by `npm run lint` over src/ with dependency-cruiser:
// no import circle anywhere, the core never imports `vscode`, and only the emulator itself reaches its internals
// (the extension starts it through src/emulator/embedded.ts). Type-only imports count: a circle of types is still
// a circle for the reader.

/** The core: tested in plain Node, so `vscode` cannot be loaded there. */
const CORE = [
  '^src/(agent|api|emulator|model|documents|remote)/',
  '^src/kinds/[^/]+\\.ts$',
  '^src/kinds/[^/]+/(kind|row|actions)\\.ts$',
  '^src/manifest/',
  '^src/auth/(accountRegistry|localAccounts|session)\\.ts$',
  '^src/tasks/(schedule|storedTasks|taskChecks|taskStorage|taskTracker|types)\\.ts$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
