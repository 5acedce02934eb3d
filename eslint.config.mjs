// ESLint (flat config), run by `npm run lint` and so by `npm test`. Two jobs:
// 1. Faults the compiler lets through: promises nobody awaits or that land where a void callback is expected,
//    values of type `any` leaking out of JSON, methods passed without their `this`, errors rethrown without their cause.
// 2. The layer fences of the README's architecture section, as `no-restricted-imports` per folder (see LAYERS).
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const README = 'see README, Architecture';

/** What each layer must never import. A folder's fences are its own plus those of the layers around it. */
const forbid = {
  vscode: { name: 'vscode', why: 'runs outside VS Code' },
  wire: { dir: 'wire', why: 'is the contract itself' },
  shared: { dir: 'shared', why: 'holds helpers every Node layer shares' },
  client: { dir: 'client', why: 'is independent of the client' },
  service: { dir: 'service', why: 'talks to the service only over HTTP' },
  extension: { dir: 'extension', why: 'is independent of the extension host' },
  webview: { dir: 'webview', why: 'does not depend on the webview' },
  // The service's toolkits (src/service/toolkits: RDKit, Indigo, resvg and the workers that run them).
  toolkits: { dir: 'toolkits', why: 'holds records: the toolkits stay out' },
  molecule: { dir: 'molecule', why: 'holds records, not structures (RDKit reading stays out; formulas are read with src/chemistry/formula)' },
  chemistry: { dir: 'chemistry', why: 'imports no layer at all' },
  node: { node: true, why: 'runs in the browser sandbox, not in Node' },
  cli: { dir: 'cli', why: 'is independent of the command line' },
  grid: { dir: 'grid', why: 'knows no particular webview' },
};

const LAYERS = [
  { folder: 'src/shared', never: [forbid.vscode, forbid.wire, forbid.client, forbid.service, forbid.extension, forbid.webview] },
  { folder: 'src/wire', never: [forbid.vscode, forbid.client, forbid.service, forbid.extension, forbid.webview] },
  { folder: 'src/client', never: [forbid.vscode, forbid.service, forbid.extension, forbid.webview, forbid.cli] },
  { folder: 'src/service', never: [forbid.vscode, forbid.client, forbid.extension, forbid.webview, forbid.cli] },
  { folder: 'src/tools', never: [forbid.vscode, forbid.service, forbid.extension, forbid.webview, forbid.cli] },
  { folder: 'src/cli', never: [forbid.vscode, forbid.extension, forbid.webview] },
  {
    folder: 'src/service/store',
    never: [forbid.vscode, forbid.client, forbid.extension, forbid.webview, forbid.cli, forbid.toolkits, forbid.molecule],
  },
  {
    folder: 'src/service/store/postgres',
    never: [forbid.vscode, forbid.client, forbid.extension, forbid.webview, forbid.cli, forbid.toolkits, forbid.molecule],
  },
  // The service's ground floor: the record every wing reads.
  {
    folder: 'src/service',
    files: ['src/service/record.ts'],
    never: [forbid.vscode, forbid.client, forbid.extension, forbid.webview, forbid.cli, forbid.toolkits, forbid.molecule],
  },
  { folder: 'src/webview', never: [forbid.vscode, forbid.extension, forbid.client, forbid.service, forbid.shared, forbid.node] },
  // The one chemistry wing, shared by the service, the client, the extension and the webviews: elements, formulas (parse,
  // Hill, text, masses), SMILES syntax, RDKit's reading of structures. The ground floor: no other layer, no Node.
  {
    folder: 'src/chemistry',
    never: [
      forbid.vscode,
      forbid.node,
      forbid.wire,
      forbid.shared,
      forbid.client,
      forbid.service,
      forbid.extension,
      forbid.webview,
      forbid.cli,
      forbid.grid,
    ],
  },
  // The one message protocol of every webview and its host: imports no layer at all, runs in Node and in the page.
  {
    folder: 'src/webview-protocol',
    never: [
      forbid.vscode,
      forbid.node,
      forbid.wire,
      forbid.shared,
      forbid.client,
      forbid.service,
      forbid.extension,
      forbid.webview,
      forbid.cli,
      forbid.grid,
      forbid.chemistry,
    ],
  },
  { folder: 'src/grid', never: [forbid.vscode, forbid.client, forbid.service, forbid.extension, forbid.webview, forbid.node] },
];

const nodeModules = builtinModules.filter((m) => !m.startsWith('_')).map((m) => m.replace(/[/]/g, '\\x2F'));
/** A regular expression over import specifiers, free of `/` so that it also fits an esquery selector. */
function specifierPattern(rule) {
  if (rule.name) return `^${rule.name}$`;
  if (rule.regex) return rule.regex;
  if (rule.node) return `^(node:.*|(${nodeModules.join('|')})(\\x2F.*)?)$`;
  return `(^|\\x2F)${rule.dir}(\\x2F|$)`;
}

function fence({ folder, files, never }) {
  const layer = files ? files.join(', ') : folder;
  const message = (rule) => `${layer} ${rule.why}: it must not import this (${README}).`;
  return {
    files: files ?? [`${folder}/**/*.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: never.map((rule) => ({ regex: specifierPattern(rule), message: message(rule) })) },
      ],
      // `import()` and `require()` are not imports to the rule above.
      'no-restricted-syntax': [
        'error',
        ...never.flatMap((rule) => [
          { selector: `ImportExpression[source.value=/${specifierPattern(rule)}/]`, message: message(rule) },
          { selector: `CallExpression[callee.name='require'][arguments.0.value=/${specifierPattern(rule)}/]`, message: message(rule) },
        ]),
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', '.vscode-tools/**', '.vscode-test/**', 'data/**', 'sample/**', 'screenshots/**', '.scratch/**'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { project: ['./tsconfig.json', './tsconfig.webview.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Async functions that implement an async interface without awaiting are normal here.
      '@typescript-eslint/require-await': 'off',
      // An assertion the compiler finds needless is harmless; removing it is tidying, not a fault.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // `QueryStatus | string` documents the known values of an open set; it is not a mistake.
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      // The compiler already reports unused locals and parameters (tsconfig); agree with it on `_` and rest siblings.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          allowNumber: true,
          // These print as the address they hold.
          allow: ['URL', 'URLSearchParams', 'Uri'],
        },
      ],
    },
  },
  // Tests and benchmarks read JSON bodies as they come (`any`): asserting on them is the point.
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  ...LAYERS.map(fence),
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }] },
  },
  { files: ['**/*.js'], languageOptions: { sourceType: 'commonjs' } },
  // Functions these scripts hand to the browser page (Playwright's evaluate) run there.
  { files: ['scripts/screenshots.js', 'scripts/vscode/workbench.js'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
);
