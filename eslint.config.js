import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { appZones, webZones, serverDomainZones } from './eslint/boundaries.js';
import { SERVER_DOMAIN_BASELINE } from './eslint/server-domain-baseline.js';

const TESTS = ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**'];
const restrictedPaths = (zones) => ({ 'import-x/no-restricted-paths': ['error', { zones, basePath: import.meta.dirname }] });

export default [
  { ignores: ['**/node_modules/**', '**/dist/**', '.cache/**', 'apps/server/drizzle/**', '**/*.{js,mjs,cjs}'] },
  {
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@typescript-eslint': tseslint.plugin, 'import-x': importX },
    settings: {
      // Without the TS extensions and parser, import-x does not follow imports of .ts files (no-cycle sees nothing).
      'import-x/extensions': ['.ts', '.tsx', '.mts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      ...restrictedPaths([...appZones, ...webZones, ...serverDomainZones()]),
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/exhaustive-deps': 'error' },
  },
  // Tests set up state through any module of the app they test; the app and feature boundaries still hold.
  { files: TESTS, rules: restrictedPaths([...appZones, ...webZones]) },
  // Files with known cross-domain imports: exactly those imports are allowed, any new one is an error.
  ...Object.entries(SERVER_DOMAIN_BASELINE).map(([file, allowed]) => ({
    files: [`apps/server/src/${file}`],
    rules: restrictedPaths([...appZones, ...webZones, ...serverDomainZones(allowed)]),
  })),
  // The locale registries gather every feature's labels (sign-in shell, and all pages for the signed-in shell).
  {
    files: ['apps/web/src/shared/i18n/all-feature-locales.ts', 'apps/web/src/shared/i18n/feature-locales.ts'],
    rules: restrictedPaths([...appZones, ...webZones.filter((z) => !z.target.endsWith('/shared/**'))]),
  },
];
