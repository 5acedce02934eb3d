/**
 * Every text field and parameter of both interfaces with a documented length limit, at the limit, one past it and at
 * 1 MiB: the limit itself passes the length rule, one more character is refused naming the field and the limit (current
 * interface: 400 with the field's error; older: HTTP 500 `Invalid value for parameter: NAME (...)`), and 1 MiB is
 * refused the same way within a second. The limits come from `src/wire` (LIMITS, STRUCTURE_LIMITS), the ones the
 * service's checks read; `test/unit/wire/limits-docs.test.ts` checks that the documented table says the same.
 */
import * as assert from 'assert';
import { LIMITS, STRUCTURE_LIMITS } from '../../../../src/wire';
import { startService, type RunningService } from '../../../../src/service';
import { loadChemistry } from '../../../../src/service/toolkits';
import { buildFixtureRecords } from '../../support/fixture';
import { api, legacy, type Reply } from '../../support/http';

const MIB = 1024 * 1024;

/** Texts of exactly `n` characters that are valid of their kind wherever that can be done within the other limits. */
const TEXT = {
  plain: (n: number) => 'a'.repeat(n),
  formula: (n: number) => 'CH'.repeat(Math.ceil(n / 2)).slice(0, n),
  /** Ethanol-like heavy atoms and then hydrogen atoms (`.[H]`), which no atom limit counts. */
  smiles: (n: number) => {
    const units = Math.floor((n - 2) / 4);
    return `${'C'.repeat(1 + (n - 2 - 4 * units))}O${'.[H]'.repeat(units)}`;
  },
  inchi: (n: number) => `InChI=1S/CH4/h1H4${'/'.repeat(n - 17)}`,
  /** Ethanol's MOL block with its title line padded. */
  mol: (n: number) => {
    const rest = [
      '',
      '',
      '  3  2  0  0  0  0  0  0  0  0999 V2000',
      '    0.0000    0.0000    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0',
      '    1.2990    0.7500    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0',
      '    2.5981   -0.0000    0.0000 O   0  0  0  0  0  0  0  0  0  0  0  0',
      '  1  2  1  0',
      '  2  3  1  0',
      'M  END',
    ].join('\n');
    return `${'x'.repeat(n - rest.length)}${rest}`;
  },
};

interface CurrentField {
  route: string;
  field: string;
  limit: number;
  text: (n: number) => string;
  body: (text: string) => Record<string, unknown>;
}

const CURRENT: CurrentField[] = [
  { route: 'filter/name', field: 'name', limit: LIMITS.textChars, text: TEXT.plain, body: (t) => ({ name: t }) },
  { route: 'filter/formula', field: 'formula', limit: LIMITS.formulaChars, text: TEXT.formula, body: (t) => ({ formula: t }) },
  {
    route: 'filter/formula',
    field: 'dataSources[0]',
    limit: LIMITS.textChars,
    text: TEXT.plain,
    body: (t) => ({ formula: 'C2H6O', dataSources: [t] }),
  },
  { route: 'filter/formula/batch', field: 'formulas[0]', limit: LIMITS.formulaChars, text: TEXT.formula, body: (t) => ({ formulas: [t] }) },
  {
    route: 'filter/formula/batch',
    field: 'dataSources[0]',
    limit: LIMITS.textChars,
    text: TEXT.plain,
    body: (t) => ({ formulas: ['C2H6O'], dataSources: [t] }),
  },
  { route: 'filter/intrinsicproperty', field: 'formula', limit: LIMITS.formulaChars, text: TEXT.formula, body: (t) => ({ formula: t }) },
  {
    route: 'filter/mass',
    field: 'dataSources[0]',
    limit: LIMITS.textChars,
    text: TEXT.plain,
    body: (t) => ({ mass: 46, range: 0.1, dataSources: [t] }),
  },
  {
    route: 'filter/mass/batch',
    field: 'dataSources[0]',
    limit: LIMITS.textChars,
    text: TEXT.plain,
    body: (t) => ({ masses: [{ mass: 46, range: 0.1 }], dataSources: [t] }),
  },
  { route: 'filter/smiles', field: 'smiles', limit: LIMITS.smilesChars, text: TEXT.smiles, body: (t) => ({ smiles: t }) },
  { route: 'filter/inchi', field: 'inchi', limit: LIMITS.inchiChars, text: TEXT.inchi, body: (t) => ({ inchi: t }) },
  {
    route: 'tools/convert',
    field: 'input',
    limit: LIMITS.smilesChars,
    text: TEXT.smiles,
    body: (t) => ({ input: t, inputFormat: 'SMILES', outputFormat: 'InChI' }),
  },
  {
    route: 'tools/convert',
    field: 'input',
    limit: LIMITS.inchiChars,
    text: TEXT.inchi,
    body: (t) => ({ input: t, inputFormat: 'InChI', outputFormat: 'InChIKey' }),
  },
  {
    route: 'tools/convert',
    field: 'input',
    limit: LIMITS.molChars,
    text: TEXT.mol,
    body: (t) => ({ input: t, inputFormat: 'Mol', outputFormat: 'InChI' }),
  },
  {
    route: 'tools/convert',
    field: 'input',
    limit: LIMITS.textChars,
    text: TEXT.plain,
    body: (t) => ({ input: t, inputFormat: 'InChIKey', outputFormat: 'InChI' }),
  },
  { route: 'filter/substructure', field: 'query', limit: STRUCTURE_LIMITS.queryChars, text: TEXT.smiles, body: (t) => ({ query: t }) },
  {
    route: 'filter/substructure',
    field: 'dataSources[0]',
    limit: LIMITS.textChars,
    text: TEXT.plain,
    body: (t) => ({ query: 'CCO', dataSources: [t] }),
  },
  { route: 'filter/similarity', field: 'smiles', limit: STRUCTURE_LIMITS.queryChars, text: TEXT.smiles, body: (t) => ({ smiles: t }) },
  {
    route: 'filter/similarity',
    field: 'dataSources[0]',
    limit: LIMITS.textChars,
    text: TEXT.plain,
    body: (t) => ({ smiles: 'CCO', dataSources: [t] }),
  },
  {
    route: 'records/batch',
    field: 'fields[0]',
    limit: LIMITS.textChars,
    text: TEXT.plain,
    body: (t) => ({ recordIds: [2424], fields: [t] }),
  },
];

interface OlderField {
  path: string;
  field: string;
  limit: number;
  text: (n: number) => string;
  others?: Array<[string, string]>;
}

const OLDER: OlderField[] = [
  { path: 'Search.asmx/SimpleSearch', field: 'query', limit: LIMITS.inchiChars, text: TEXT.plain },
  { path: 'Search.asmx/AsyncSimpleSearch', field: 'query', limit: LIMITS.inchiChars, text: TEXT.plain },
  { path: 'Search.asmx/AsyncSimpleSearchOrdered', field: 'query', limit: LIMITS.inchiChars, text: TEXT.plain },
  { path: 'Search.asmx/AsyncSimpleSearchOrdered', field: 'orderBy', limit: LIMITS.textChars, text: TEXT.plain, others: [['query', 'caffeine']] },
  {
    path: 'Search.asmx/AsyncSimpleSearchOrdered',
    field: 'orderDirection',
    limit: LIMITS.textChars,
    text: TEXT.plain,
    others: [['query', 'caffeine']],
  },
  { path: 'Search.asmx/GetAsyncSearchStatus', field: 'rid', limit: LIMITS.textChars, text: TEXT.plain },
  { path: 'Search.asmx/GetAsyncSearchResultPart', field: 'rid', limit: LIMITS.textChars, text: TEXT.plain, others: [['start', '0']] },
  { path: 'Search.asmx/GetCompoundInfo', field: 'csid', limit: LIMITS.textChars, text: TEXT.plain },
  {
    path: 'MassSpecAPI.asmx/GetExtendedMolCompoundInfoArray',
    field: 'eMolType',
    limit: LIMITS.textChars,
    text: TEXT.plain,
    others: [['csids', '2424']],
  },
];

/** The field's error text in a current-interface 400; `errors` keys may drop the `[i]` of a list item. */
function fieldError(reply: Reply, field: string): string {
  const errors = (JSON.parse(reply.text) as { errors?: Record<string, string[]> }).errors ?? {};
  return (errors[field] ?? errors[field.split('[')[0]] ?? []).join(' ');
}

/** A refusal for length names the limit: "at most N". */
const refusedForLength = (text: string, limit: number) => text.includes(`at most ${limit} `);

describe('service: every documented length limit, field by field (limit, limit + 1, 1 MiB)', function () {
  this.timeout(300_000);
  let svc: RunningService;

  before(async () => {
    const chemistry = await loadChemistry();
    await chemistry.prepareInchi();
    svc = await startService({ port: 0, records: buildFixtureRecords(chemistry), shippedSpectra: false });
  });
  after(() => svc.close());

  for (const f of CURRENT) {
    it(`current ${f.route} ${f.field}: ${f.limit} characters pass the length rule, ${f.limit + 1} and 1 MiB are a 400 naming it`, async () => {
      assert.strictEqual(f.text(f.limit).length, f.limit);
      const at = await api(svc.baseUrl, 'POST', f.route, f.body(f.text(f.limit)));
      assert.ok(at.status < 500, `${at.status} ${at.text.slice(0, 300)}`);
      if (at.status === 400) assert.ok(!refusedForLength(fieldError(at, f.field), f.limit), at.text.slice(0, 300));
      for (const n of [f.limit + 1, MIB - 1024]) {
        const started = performance.now();
        const past = await api(svc.baseUrl, 'POST', f.route, f.body(f.text(n)));
        const ms = performance.now() - started;
        assert.strictEqual(past.status, 400, past.text.slice(0, 300));
        const message = fieldError(past, f.field);
        assert.ok(refusedForLength(message, f.limit) && message.includes(f.field), `${n} characters: ${past.text.slice(0, 300)}`);
        assert.ok(ms < 1000, `${n} characters took ${Math.round(ms)} ms`);
      }
    });
  }

  for (const f of OLDER) {
    it(`older ${f.path} ${f.field}: ${f.limit} characters pass the length rule, ${f.limit + 1} and 1 MiB are refused naming it`, async () => {
      const at = await legacy(svc.baseUrl, f.path, [...(f.others ?? []), [f.field, f.text(f.limit)]]);
      assert.ok(!refusedForLength(at.text, f.limit), at.text.slice(0, 300));
      // Form encoding leaves these texts' characters as they are; 1 MiB less the rest of the form.
      for (const n of [f.limit + 1, MIB - 1024]) {
        const started = performance.now();
        const past = await legacy(svc.baseUrl, f.path, [...(f.others ?? []), [f.field, f.text(n)]]);
        const ms = performance.now() - started;
        assert.strictEqual(past.status, 500, past.text.slice(0, 300));
        assert.strictEqual(past.text, `Invalid value for parameter: ${f.field} (at most ${f.limit} characters).`);
        assert.ok(ms < 1000, `${n} characters took ${Math.round(ms)} ms`);
      }
    });
  }

  const QUERY_PARAMETERS: Array<{ path: (text: string) => string; field: string; limit: number; text: (n: number) => string }> = [
    { path: (t) => `records/2424/image?highlight=${t}`, field: 'highlight', limit: STRUCTURE_LIMITS.queryChars, text: TEXT.smiles },
    { path: (t) => `records/2424/details?fields=${t}`, field: 'fields[0]', limit: LIMITS.textChars, text: TEXT.plain },
    { path: (t) => `records/2424/externalreferences?dataSources=${t}`, field: 'dataSources[0]', limit: LIMITS.textChars, text: TEXT.plain },
  ];
  for (const q of QUERY_PARAMETERS) {
    it(`current query parameter ${q.field}: ${q.limit} characters pass the length rule, ${q.limit + 1} are a 400 naming it`, async () => {
      const at = await api(svc.baseUrl, 'GET', q.path(encodeURIComponent(q.text(q.limit))));
      assert.ok(at.status < 500, `${at.status} ${at.text.slice(0, 300)}`);
      if (at.status === 400) assert.ok(!refusedForLength(fieldError(at, q.field), q.limit), at.text.slice(0, 300));
      // A URL is bounded by the HTTP server's header limit (16 KiB), not by 1 MiB.
      for (const n of [q.limit + 1, 8000]) {
        const past = await api(svc.baseUrl, 'GET', q.path(encodeURIComponent(q.text(n))));
        assert.strictEqual(past.status, 400, past.text.slice(0, 300));
        const message = fieldError(past, q.field);
        assert.ok(refusedForLength(message, q.limit) && message.includes(q.field), `${n} characters: ${past.text.slice(0, 300)}`);
      }
    });
  }

  it(`structure inputs of ${LIMITS.structureComponents} separate parts are read, one more is a 400 naming the limit before any layout`, async () => {
    const parts = LIMITS.structureComponents;
    const freeAtoms = (n: number) =>
      ['', '', '', `${String(n).padStart(3)}  0  0  0  0  0  0  0  0  0999 V2000`]
        .concat(
          Array.from({ length: n }, (_, i) => `${(i * 1.5).toFixed(4).padStart(10)}    0.0000    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0`),
        )
        .concat(['M  END', ''])
        .join('\n');
    const cases: Array<[string, (n: number) => string]> = [
      ['SMILES', (n) => `CCO${'.[H]'.repeat(n - 1)}`],
      ['Mol', freeAtoms],
      ['InChI', (n) => `InChI=1S/C2H6O.${n - 1}H/c1-2-3;;/h3H,2H2,1H3;;`],
    ];
    for (const [format, text] of cases) {
      const outputFormat = format === 'InChI' ? 'InChIKey' : 'InChI';
      const started = performance.now();
      const at = await api(svc.baseUrl, 'POST', 'tools/convert', { input: text(parts), inputFormat: format, outputFormat });
      assert.doesNotMatch(at.text, /separate parts/, `${format}: ${at.text.slice(0, 300)}`);
      const past = await api(svc.baseUrl, 'POST', 'tools/convert', { input: text(parts + 1), inputFormat: format, outputFormat });
      assert.strictEqual(past.status, 400, past.text);
      assert.strictEqual(fieldError(past, 'input'), `input has ${parts + 1} separate parts; at most ${parts} are allowed`);
      console.log(`      ${format}: ${parts} parts answered ${at.status}; both in ${Math.round(performance.now() - started)} ms`);
    }
  });

  it('a refused value of any other field is quoted cut short, never echoed whole', async () => {
    const big = 'x'.repeat(MIB - 1024);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['filter/similarity', { smiles: 'CCO', maxResults: big }, 'maxResults'],
      ['filter/similarity', { smiles: 'CCO', threshold: big }, 'threshold'],
      ['filter/substructure', { query: 'CCO', queryFormat: big }, 'queryFormat'],
      ['filter/substructure', { query: 'CCO', maxResults: big }, 'maxResults'],
      ['filter/element', { includeElements: ['C'], options: { complexity: big } }, 'options.complexity'],
    ];
    for (const [route, body, field] of cases) {
      const r = await api(svc.baseUrl, 'POST', route, body);
      assert.strictEqual(r.status, 400, r.text.slice(0, 300));
      assert.ok(fieldError(r, field).includes(field), r.text.slice(0, 300));
      assert.ok(r.text.length < 2000, `${route} ${field}: ${r.text.length} characters`);
    }
    const start = await api(svc.baseUrl, 'GET', `filter/x/results?start=${'9x'.repeat(4000)}`);
    assert.ok(start.status === 400 && start.text.length < 2000, `${start.status}: ${start.text.length} characters`);
  });

  it('the older token field: past the text limit it is refused as an unknown token, never read further', async () => {
    for (const n of [LIMITS.textChars + 1, MIB - 1024]) {
      const r = await legacy(svc.baseUrl, 'Search.asmx/SimpleSearch', [['query', 'caffeine']], 'a'.repeat(n));
      assert.strictEqual(r.status, 500, r.text.slice(0, 300));
      assert.doesNotMatch(r.text, /a{20}/, 'the token is not echoed');
    }
  });
});
