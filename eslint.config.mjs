// ESLint (flat config) with typescript-eslint's recommended rules, and the two boundaries of the layout
// (CONTRIBUTING.md): the core never imports `vscode`, and nothing outside the emulator and the tests reaches
// into the emulator's internals (the extension starts it through src/emulator/embedded.ts only).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** The core: tested in plain Node, so `vscode` cannot be loaded there. */
const CORE = [
  'src/api/**/*.ts',
  'src/emulator/**/*.ts',
  'src/model/**/*.ts',
  'src/documents/**/*.ts',
  'src/remote/**/*.ts',
  'src/auth/accountRegistry.ts',
  'src/auth/localAccounts.ts',
  'src/auth/session.ts',
  'src/tasks/schedule.ts',
  'src/tasks/storedTasks.ts',
  'src/tasks/taskChecks.ts',
  'src/tasks/taskStorage.ts',
  'src/tasks/taskText.ts',
  'src/tasks/taskTracker.ts',
  'src/tasks/types.ts',
];

const NO_VSCODE = {
  name: 'vscode',
  message: 'The core (see CONTRIBUTING.md) runs in plain Node: take what you need as a parameter, or move the code to an edge.',
};
const EMULATOR_INTERNALS = {
  group: ['**/emulator/*', '!**/emulator/embedded'],
  message: 'The extension starts the emulator through src/emulator/embedded.ts only; its internals stay behind that door.',
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.vscode-test/**', '.test-runs/**', 'media/**', 'test/fixtures/**'] },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a parameter an interface requires and this implementation does not use.
      // `import x = require(…)` is a static import; a bare require() is a lazy load and says so where it is.
      '@typescript-eslint/no-require-imports': ['error', { allowAsImport: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/emulator/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [EMULATOR_INTERNALS] }] },
  },
  {
    files: CORE,
    ignores: ['src/emulator/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [NO_VSCODE], patterns: [EMULATOR_INTERNALS] }] },
  },
  {
    files: ['src/emulator/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [NO_VSCODE] }] },
  },
);
