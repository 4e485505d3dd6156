// ESLint (flat config) with typescript-eslint's recommended rules. The layout's rules (the layers, no import circle,
// the core never imports `vscode`, the emulator's internals only through src/emulator/embedded.ts) are
// dependency-cruiser's, in .dependency-cruiser.cjs, which `npm run lint` runs next.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
);
