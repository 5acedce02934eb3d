/**
 * The layer fences of eslint.config.mjs (README, Architecture): every forbidden import is reported, in every
 * form an import can take, and the imports each layer is allowed are not. `npm run lint` applies them to the tree.
 */
import * as assert from 'assert';
import * as path from 'path';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '../../../..');
const FENCE_RULES = new Set(['@typescript-eslint/no-restricted-imports', 'no-restricted-syntax']);

/** Forbidden: [file, import specifier]. */
const FORBIDDEN: Array<[string, string]> = [
  ['src/wire/fields.ts', 'vscode'],
  ['src/wire/fields.ts', '../client'],
  ['src/wire/fields.ts', '../service/options'],
  ['src/wire/fields.ts', '../extension/api'],
  ['src/wire/fields.ts', '../webview/protocol'],
  ['src/client/errors.ts', 'vscode'],
  ['src/client/errors.ts', '../service'],
  ['src/client/errors.ts', '../service/record'],
  ['src/client/errors.ts', '../extension/api'],
  ['src/client/errors.ts', '../webview/protocol'],
  ['src/service/options.ts', 'vscode'],
  ['src/service/routes/current/router.ts', '../../client'],
  ['src/service/routes/current/router.ts', '../../client/errors'],
  ['src/service/options.ts', '../extension/extension'],
  ['src/service/options.ts', '../webview/protocol'],
  ['src/service/record.ts', './toolkits/types'],
  ['src/service/record.ts', './toolkits'],
  ['src/service/record.ts', 'vscode'],
  ['src/service/record.ts', '../client'],
  ['src/webview/main.ts', 'vscode'],
  ['src/webview/main.ts', '../extension/api'],
  ['src/webview/main.ts', '../client'],
  ['src/webview/main.ts', '../service'],
  ['src/webview/main.ts', 'fs'],
  ['src/webview/main.ts', 'node:path'],
  ['src/webview/main.ts', 'child_process'],
  ['src/webview/main.ts', '../shared/cache'],
  ['src/webview-protocol/endpoint.ts', 'vscode'],
  ['src/webview-protocol/endpoint.ts', 'node:events'],
  ['src/webview-protocol/endpoint.ts', '../webview/protocol'],
  ['src/webview-protocol/endpoint.ts', '../extension/common/errors'],
  ['src/webview-protocol/endpoint.ts', '../grid/protocol'],
  ['src/webview-protocol/endpoint.ts', '../shared/cache'],
  ['src/webview-protocol/endpoint.ts', '../wire'],
  ['src/shared/cache.ts', 'vscode'],
  ['src/shared/cache.ts', '../wire'],
  ['src/shared/cache.ts', '../client'],
  ['src/shared/cache.ts', '../service/options'],
  ['src/shared/cache.ts', '../extension/api'],
  ['src/service/store/postgres/pool.ts', '../../toolkits'],
  ['src/service/store/postgres/pool.ts', '../../toolkits/rdkit'],
  ['src/service/store/memory-store.ts', '../toolkits/types'],
  ['src/service/store/memory-store.ts', '../../chemistry/molecule/read'],
  ['src/chemistry/elements.ts', 'vscode'],
  ['src/chemistry/elements.ts', 'fs'],
  ['src/chemistry/elements.ts', '../wire'],
  ['src/chemistry/formula/text.ts', '../../service/record'],
  ['src/chemistry/formula/text.ts', '../../client'],
  ['src/chemistry/molecule/read.ts', '../../webview/main'],
];

/** Allowed: [file, import specifier]. */
const ALLOWED: Array<[string, string]> = [
  ['src/client/cache.ts', '../shared/cache'],
  ['src/service/images/image-cache.ts', '../../shared/cache'],
  ['src/shared/cache.ts', 'lru-cache'],
  ['src/wire/fields.ts', './limits'],
  ['src/client/errors.ts', '../wire'],
  ['src/client/errors.ts', 'node-fetch'],
  ['src/service/options.ts', '../wire'],
  ['src/service/routes/current/router.ts', '../../../chemistry'],
  ['src/service/routes/current/router.ts', '../../record'],
  ['src/service/record.ts', '../wire'],
  ['src/service/record.ts', '../chemistry/elements'],
  ['src/webview/main.ts', './protocol'],
  ['src/webview/main.ts', '../webview-protocol/endpoint'],
  ['src/webview-protocol/endpoint.ts', './protocol'],
  ['src/extension/details/detailsPanel.ts', '../../webview-protocol/endpoint'],
  ['src/grid/protocol.ts', '../webview-protocol/protocol'],
  ['src/extension/extension.ts', 'vscode'],
  ['src/extension/extension.ts', '../client'],
  ['src/extension/extension.ts', '../webview/protocol'],
  ['src/service/store/memory-store.ts', '../../chemistry/formula/parse'],
  ['src/service/store/postgres/pool.ts', '../../../chemistry/formula/parse'],
  ['src/wire/validate.ts', '../chemistry/elements'],
  ['src/webview/grid/chemistry.ts', '../../chemistry/molecule/read'],
  ['src/client/index.ts', '../chemistry/smiles-syntax'],
  ['src/chemistry/formula/parse.ts', './text'],
  ['src/chemistry/formula/masses.ts', 'mf-parser'],
];

const FORMS: Array<(s: string) => string> = [
  (s) => `import * as m from '${s}';\nexport const x = m;\n`,
  (s) => `import type { T } from '${s}';\nexport type X = T;\n`,
  (s) => `export { y } from '${s}';\n`,
  (s) => `export * from '${s}';\n`,
  (s) => `export const x = import('${s}');\n`,
  (s) => `export const x: unknown = require('${s}');\n`,
  (s) => `import m = require('${s}');\nexport const x = m;\n`,
];

describe('layer fences (eslint.config.mjs)', function () {
  this.timeout(60_000);
  let eslint: ESLint;

  before(() => {
    // Only the fence rules, which need no type information: no TypeScript program is built.
    eslint = new ESLint({
      cwd: root,
      ruleFilter: ({ ruleId }) => FENCE_RULES.has(ruleId),
      overrideConfig: { languageOptions: { parserOptions: { project: null, projectService: false } } },
    });
  });

  async function fenceMessages(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    const fatal = result.messages.filter((m) => m.fatal);
    assert.deepStrictEqual(fatal, [], `${file} did not parse`);
    return result.messages.filter((m) => m.ruleId && FENCE_RULES.has(m.ruleId)).map((m) => m.message);
  }

  it('reports each forbidden import, naming the layer and the README', async () => {
    for (const [file, specifier] of FORBIDDEN) {
      const messages = await fenceMessages(file, FORMS[0](specifier));
      assert.strictEqual(messages.length, 1, `${file} importing ${specifier}: ${messages.join(' / ') || 'not reported'}`);
      const layer =
        file === 'src/service/record.ts'
          ? file
          : path.dirname(file).startsWith('src/service/store')
            ? path.dirname(file)
            : file.split('/').slice(0, 2).join('/');
      assert.ok(messages[0].includes(`${layer} `), `${messages[0]} names ${layer}`);
      assert.match(messages[0], /must not import this \(see README, Architecture\)/);
    }
  });

  it('reports every form of import: type-only, re-export, import(), require()', async () => {
    for (const [file, specifier] of [
      ['src/client/errors.ts', 'vscode'],
      ['src/service/record.ts', './toolkits/types'],
      ['src/webview/main.ts', '../extension/api'],
      ['src/webview-protocol/endpoint.ts', '../extension/api'],
    ]) {
      for (const form of FORMS) {
        const code = form(specifier);
        assert.ok((await fenceMessages(file, code)).length > 0, `${file}: not reported:\n${code}`);
      }
    }
  });

  it('lets each layer import what it may', async () => {
    for (const [file, specifier] of ALLOWED) {
      for (const form of FORMS) {
        const code = form(specifier);
        assert.deepStrictEqual(await fenceMessages(file, code), [], `${file}:\n${code}`);
      }
    }
  });
});
