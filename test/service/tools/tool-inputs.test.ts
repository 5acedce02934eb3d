/**
 * A hostile model's arguments to every language-model tool (`src/tools`, behind both VS Code's tools and `compound-db
 * mcp`): each schema property gets 1 MiB of text, numbers out of range, objects, nested lists and null. Each call is
 * refused naming the field, or answered, within seconds, in a few kilobytes, with no stack trace and no echo of the
 * 1 MiB.
 */
import * as assert from 'assert';
import { CompoundDbClient, InputFileError, parseIdentifier, readIdentifiers } from '../../../src/client';
import { DEV_API_KEY, startService, type RunningService } from '../../../src/service';
import { loadChemistry } from '../../../src/service/toolkits';
import { COMPOUND_TOOLS, ToolInputError } from '../../../src/tools';
import { buildFixtureRecords } from '../support/fixture';

const MIB_TEXT = 'C('.repeat(512 * 1024);
const HOSTILE: unknown[] = [
  MIB_TEXT,
  `InChI=1S/${'C'.repeat(20_000)}`,
  'x'.repeat(1500),
  -1,
  1e308,
  Number.NaN,
  { a: 1 },
  [[[]]],
  null,
  true,
  '((((',
];

const VALID: Readonly<Record<string, Record<string, unknown>>> = {
  compound_search: { query: 'caffeine' },
  compound_details: { recordIds: [2424] },
  compound_convert: { input: 'CCO', from: 'SMILES', to: 'InChI' },
  compound_resolve: { identifiers: ['caffeine'] },
  compound_similar: { smiles: 'CCO' },
  spectrum_identify: {
    peaks: [
      [138.0662, 42.5],
      [195.0877, 100],
    ],
    precursorMz: 195.0877,
  },
};

describe('language-model tools: hostile arguments get bounded, named answers', function () {
  this.timeout(300_000);
  let svc: RunningService;
  let client: CompoundDbClient;

  before(async () => {
    svc = await startService({ port: 0, records: buildFixtureRecords(await loadChemistry()), shippedSpectra: false });
    client = new CompoundDbClient({ baseUrl: svc.baseUrl, apiKey: DEV_API_KEY });
  });
  after(() => svc.close());

  it('lists a valid call for every tool', () => {
    assert.deepStrictEqual(COMPOUND_TOOLS.map((t) => t.name).sort(), Object.keys(VALID).sort());
  });

  for (const tool of COMPOUND_TOOLS) {
    it(`${tool.name}: every property, every hostile value`, async () => {
      for (const field of Object.keys(tool.inputSchema.properties)) {
        for (const value of HOSTILE) {
          const listed = field === 'identifiers' || field === 'recordIds';
          const args = { ...VALID[tool.name], [field]: listed ? [value] : value };
          const what = `${field} = ${String(JSON.stringify(value)).slice(0, 20)}`;
          const started = performance.now();
          let text: string;
          try {
            const answer = await tool.run(tool.parse(args), { client });
            text = typeof answer === 'string' ? answer : answer.text;
          } catch (error) {
            assert.ok(error instanceof Error, what);
            text = error.message;
            if (error instanceof ToolInputError) assert.ok(text.includes(field), `${what}: ${text.slice(0, 200)}`);
          }
          const ms = performance.now() - started;
          assert.ok(ms < 10_000, `${what}: ${Math.round(ms)} ms`);
          assert.ok(text.length < 30_000, `${what}: ${text.length} characters`);
          assert.doesNotMatch(text, /\n\s+at |TypeError|ReferenceError|RangeError/, `${what}: ${text.slice(0, 300)}`);
        }
      }
    });
  }
});

describe('bulk resolve input: a hostile file gets bounded, named errors', () => {
  it('a CSV without the asked column names its first 20 columns only', () => {
    const header = Array.from({ length: 100_000 }, (_, i) => `column${i}`).join(',');
    assert.throws(
      () => readIdentifiers(`${header}\nx\n`, 'csv', 'smiles'),
      (error: Error) => error instanceof InputFileError && /"column19" and 99980 more$/.test(error.message) && error.message.length < 500,
    );
  });

  it('identifiers follow the composite search rule: a kind past its limits is an error row, never sent', () => {
    assert.deepStrictEqual(parseIdentifier(`InChI=1S/${'C'.repeat(20_000)}`), {
      ok: false,
      message: 'identifier is 20009 characters long; at most 10000 are allowed',
    });
    assert.deepStrictEqual(parseIdentifier('C'.repeat(300)), {
      ok: false,
      message: 'identifier has 300 atoms other than hydrogen; at most 250 are allowed',
    });
    assert.strictEqual(parseIdentifier('caffeine').ok, true);
  });
});
