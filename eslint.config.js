// Flat config. The one rule that matters: src/engine stays framework- and platform-free, so the
// same engine runs in the browser and on the server. Everything else is the recommended set, with
// rules that only restate what `tsc --strict` already checks turned down.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const uiLayerMessage = 'src/ui is the generic renderer: it imports nothing from src/app (screens and their domain compositions), the server or the CLI (issue 16).';
const serverLayerMessage = 'src/server imports nothing from src/ui or src/app: code both sides need lives in src/shared, src/engine or src/api (issue 30).';
const sharedLayerMessage = 'src/shared is framework-free code for the browser and the server: no React/UI, app, server, CLI or Node imports (issue 30).';
const layerMessage = 'src/engine is pure: no React/UI, server, database or Node imports (see docs/architecture).';
// Every dialog goes through src/ui/dialog: focus on its answer when it opens, back to its opener when it closes.
const blueprintDialogs = { name: '@blueprintjs/core', importNames: ['Dialog', 'Alert'], message: 'Use Dialog/Alert from src/ui/dialog: they put the focus on the answer when opening and give it back to the opener when closing.' };
const uiLayerPatterns = [
  { regex: '^(\\.\\./)+(app|server|cli)(/|$)', message: uiLayerMessage },
  { regex: '(^|/)src/(app|server|cli)(/|$)', message: uiLayerMessage },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'codegen/generated/**', 'data/**', 'tmp/**', 'coverage/**', 'test-results/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Directives written for rules that are off here must not turn into noise.
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: {
      // tsc (noUnusedLocals/noUnusedParameters) already reports these.
      '@typescript-eslint/no-unused-vars': 'off',
      // The style guide allows `any` with a comment saying why: visible as a warning, never fatal.
      '@typescript-eslint/no-explicit-any': 'warn',
      // Sanitisers and key validators match control characters on purpose.
      'no-control-regex': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'bench/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['src/engine/**/*.{ts,tsx,js}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', message: layerMessage },
            { name: 'react-dom', message: layerMessage },
            { name: 'pg', message: layerMessage },
            // Bare Node built-ins (`fs`, `path`, ...) as well as `node:` ones.
            ...builtinModules.map((name) => ({ name, message: layerMessage })),
          ],
          patterns: [
            { group: ['react/*', 'react-dom/*', 'react-*', '@blueprintjs/*', '@rjsf/*', 'fastify*', '@fastify/*', 'pg/*', 'pg-*', '@electric-sql/*', 'node:*'], message: layerMessage },
            { regex: '^(\\.\\./)+(server|ui|app|cli)(/|$)', message: layerMessage },
            { regex: '(^|/)src/(server|ui|app|cli)(/|$)', message: layerMessage },
          ],
        },
      ],
    },
  },
  {
    // The generic renderers know no screen: product and email compositions live in src/app and
    // compose src/ui, never the other way round.
    files: ['src/ui/**/*.{ts,tsx,js}'],
    rules: { 'no-restricted-imports': ['error', { paths: [blueprintDialogs], patterns: uiLayerPatterns }] },
  },
  {
    // The wrappers themselves are built on Blueprint's.
    files: ['src/ui/dialog/**/*.{ts,tsx,js}'],
    rules: { 'no-restricted-imports': ['error', { patterns: uiLayerPatterns }] },
  },
  {
    files: ['src/app/**/*.{ts,tsx,js}'],
    rules: { 'no-restricted-imports': ['error', { paths: [blueprintDialogs] }] },
  },
  {
    // The server renders no screen: what it shares with the browser (the email sanitiser) lives in src/shared.
    files: ['src/server/**/*.{ts,tsx,js}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+(ui|app)(/|$)', message: serverLayerMessage },
            { regex: '(^|/)src/(ui|app)(/|$)', message: serverLayerMessage },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.{ts,tsx,js}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react', message: sharedLayerMessage }, ...builtinModules.map((name) => ({ name, message: sharedLayerMessage }))],
          patterns: [
            { group: ['react/*', 'react-dom', 'react-dom/*', '@blueprintjs/*', 'fastify*', '@fastify/*', 'node:*'], message: sharedLayerMessage },
            { regex: '^(\\.\\./)+(server|ui|app|cli)(/|$)', message: sharedLayerMessage },
            { regex: '(^|/)src/(server|ui|app|cli)(/|$)', message: sharedLayerMessage },
          ],
        },
      ],
    },
  },
);
