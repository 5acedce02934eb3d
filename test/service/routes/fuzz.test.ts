/**
 * Hostile input at every route of both interfaces, from a seeded generator (the same requests every run): random
 * JSON bodies, valid bodies with fields swapped for junk, bytes that are not JSON, junk path parameters and query
 * strings, junk form fields. Every answer must be one the contract allows (never an unexpected 500), no accepted
 * search may end Failed, and afterwards every record reads back exactly as before.
 */
import * as assert from 'assert';
import {
  CURRENT_ROUTES,
  LEGACY_ERROR_TEXT,
  LEGACY_ROUTES,
  LEGACY_XML_NAMESPACE,
  fillPath,
  isFailedStatus,
  legacyPath,
  type CurrentOperation,
} from '../../../src/wire';
import { DEV_TOKEN, startService, type RunningService } from '../../../src/service';
import { loadChemistry } from '../../../src/service/toolkits';
import { buildFixtureRecords, FIXTURE, writeSpectraDir } from '../support/fixture';
import { api, request, waitQuery, type Reply } from '../support/http';

/** A query value percent-encoded; a lone surrogate (which cannot be encoded) stands as U+FFFD. */
const encodeQuery = (text: string) =>
  encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STRINGS = [
  '',
  ' ',
  'caffeine',
  'C',
  'Xx',
  'CCO',
  'C1CC(',
  'c1ccccc1',
  '[Fe+',
  '[2H]C',
  'InChI=1S/',
  'InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3',
  'InChI=1S/C6H6/c1-2-4-6-5-3-1/h1-6H/zz',
  'RYYVLZVUVIJVGH-UHFFFAOYSA-N',
  'AAAAAAAAAAAAAA-AAAAAAAAAA-A',
  'C8H10N4O2',
  'C_{9}H_{8}O_{4}^{2-}',
  '2424',
  '-1',
  '0',
  '1e400',
  'NaN',
  'null',
  'true',
  '../../etc/passwd',
  '<x>&amp;</x>',
  "'; DROP TABLE compounds; --",
  '\u0000\u0001',
  '\uD800',
  'é漢字🙂',
  '%E0%A4%A',
  '{"a":1}',
  'M  END',
  '$$$$',
  'recordId',
  'ascending',
  'descending',
  'massDefect',
  'multiple',
  'SMILES',
  'InChI',
  'InChIKey',
  'Mol',
  'eCSID',
  'eDescending',
  'e3D',
  'True',
];

function generator(seed: number) {
  const next = random(seed);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  const text = (): string => {
    switch (int(5)) {
      case 0:
        return Array.from({ length: int(40) }, () => String.fromCharCode(32 + int(95))).join('');
      case 1:
        return pick(STRINGS).repeat(1 + int(3));
      case 2:
        return pick(['C', 'c1cc', '(', ')', '=', '#', '[', ']', 'N', 'O', '1', '2', '+', '-', '@', '.', '/', '\\']).repeat(1 + int(200));
      default:
        return pick(STRINGS);
    }
  };
  const value = (depth = 0): unknown => {
    switch (int(depth > 2 ? 5 : 8)) {
      case 0:
        return null;
      case 1:
        return next() < 0.5;
      case 2:
        return pick([0, -1, 1, 0.00001, 100.5, 11000, 11001, 1e308, -1e308, 2 ** 53 + 1, 194.08, 0.5]);
      case 3:
      case 4:
        return text();
      case 5:
        return Array.from({ length: int(next() < 0.1 ? 300 : 5) }, () => value(depth + 1));
      default:
        return Object.fromEntries(Array.from({ length: int(4) }, () => [pick([...FIELD_NAMES, text()]), value(depth + 1)]));
    }
  };
  return { next, int, pick, text, value };
}

/** Body keys of the current interface's requests (contract 1.4), so junk lands where a route looks. */
const FIELD_NAMES = [
  'recordIds',
  'fields',
  'includeElements',
  'excludeElements',
  'options',
  'includeAll',
  'complexity',
  'isotopic',
  'orderBy',
  'orderDirection',
  'formula',
  'formulas',
  'dataSources',
  'inchi',
  'inchikey',
  'smiles',
  'name',
  'mass',
  'range',
  'masses',
  'molecularWeight',
  'nominalMass',
  'averageMass',
  'monoisotopicMass',
  'input',
  'inputFormat',
  'outputFormat',
];

/** A valid body for each POST route, the starting point for swapping fields. */
const VALID: Partial<Record<CurrentOperation, Record<string, unknown>>> = {
  getDetailsBatch: { recordIds: [2424, 682], fields: ['SMILES'] },
  filterElement: {
    includeElements: ['C'],
    excludeElements: ['Cl'],
    options: { includeAll: false, complexity: 'any', isotopic: 'any' },
    orderBy: 'recordId',
    orderDirection: 'ascending',
  },
  filterFormula: { formula: 'C9H8O4', dataSources: ['Alpha'], orderBy: 'molecularWeight', orderDirection: 'descending' },
  filterFormulaBatch: { formulas: ['C9H8O4', 'C2H6O'], dataSources: ['Beta'] },
  filterInchi: { inchi: 'InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3' },
  filterInchikey: { inchikey: 'RYYVLZVUVIJVGH-UHFFFAOYSA-N' },
  filterIntrinsicProperty: { formula: 'C9H8O4', monoisotopicMass: { mass: 180, range: 1 }, options: { complexity: 'single' } },
  filterMass: { mass: 194.08, range: 0.01, dataSources: ['Alpha'] },
  filterMassBatch: { masses: [{ mass: 194.08, range: 0.01 }] },
  filterName: { name: 'acet', orderBy: null, orderDirection: 'ascending' },
  filterSmiles: { smiles: 'CCO' },
  convert: { input: 'CCO', inputFormat: 'SMILES', outputFormat: 'InChI' },
  validateInchikey: { inchikey: 'RYYVLZVUVIJVGH-UHFFFAOYSA-N' },
};

/** Form fields of the older interface (contract 2.2). */
const FORM_FIELDS = [
  'csid',
  'csids',
  'id',
  'query',
  'rid',
  'eMolType',
  'includeReferenceCounts',
  'includeExternalReferences',
  'calc3d',
  'orderBy',
  'orderDirection',
  'start',
  'count',
  'spc_id',
];

/** Texts an older-interface 500 may carry: the contract's, and the project's documented field errors. */
const LEGACY_500 =
  /^(Missing parameter: \w+\.|Invalid value for parameter: \w+( \([^\n]*\))?\.|Too many values for parameter: \w+ \(at most \d+\)\.|Search ended \w+|Unable to draw record \d+)$/;

describe('service: hostile input never crashes it nor changes the data', function () {
  this.timeout(120_000);
  let svc: RunningService;
  let base: string;

  before(async () => {
    svc = await startService({ port: 0, records: buildFixtureRecords(await loadChemistry()), shippedSpectra: false, spectraDir: writeSpectraDir() });
    base = svc.baseUrl;
  });
  after(() => svc.close());

  const snapshot = async () => ({
    records: (await api(base, 'POST', 'records/batch', { recordIds: FIXTURE.map((e) => e.id) })).text,
    dataSources: (await api(base, 'GET', 'lookups/datasources')).text,
    legacy: (
      await request(
        `${base}/MassSpecAPI.asmx/GetExtendedMolCompoundInfoArray?csids=2424&csids=5044&eMolType=eBoth&includeReferenceCounts=true&includeExternalReferences=true&token=${DEV_TOKEN}`,
      )
    ).text,
    spectra: (await request(`${base}/Spectra.asmx/GetAllSpectraInfo?token=${DEV_TOKEN}`)).text,
  });

  function checkCurrent(r: Reply, what: string): void {
    assert.ok([200, 400, 404].includes(r.status), `${what} gave ${r.status}: ${r.text.slice(0, 300)}`);
    if (r.status === 200) return;
    assert.strictEqual(r.json?.status, r.status, `${what}: problem JSON`);
    if (r.status === 400) assert.ok(Object.keys(r.json.errors ?? {}).length > 0, `${what}: a 400 names a field: ${r.text}`);
  }

  it('answers several hundred junk requests within the contract, and keeps every record as it was', async () => {
    const before = await snapshot();
    const g = generator(20240601);
    const accepted: string[] = [];
    let sent = 0;
    for (const [op, route] of Object.entries(CURRENT_ROUTES) as Array<[CurrentOperation, (typeof CURRENT_ROUTES)[CurrentOperation]]>) {
      for (let i = 0; i < 24; i++) {
        const what = `${route.method} ${route.path} #${i}`;
        const param = i % 3 === 0 ? g.pick(['2424', '0', '99999999', '1'.repeat(30)]) : g.text();
        const filled = { recordId: param, queryId: i % 4 === 0 && accepted.length ? g.pick(accepted) : param };
        // A lone surrogate cannot be percent-encoded: send bytes that are not UTF-8 instead.
        const path = /[\uD800-\uDFFF]/.test(param) ? route.path.replace(/\{\w+\}/g, '%ED%A0%80') : fillPath(route.path, filled);
        let r: Reply;
        if (route.method === 'GET') {
          const query = new URLSearchParams(
            Array.from({ length: g.int(4) }, (): [string, string] => [g.pick(['fields', 'dataSources', 'start', 'count', g.text()]), g.text()]),
          );
          r = await api(base, 'GET', `${path}?${query}`);
        } else {
          const valid = VALID[op] ?? {};
          const body =
            i % 4 === 0
              ? g.value()
              : i % 4 === 1
                ? Buffer.from(Array.from({ length: g.int(60) }, () => g.int(256))).toString('latin1')
                : {
                    ...valid,
                    ...Object.fromEntries(Array.from({ length: 1 + g.int(2) }, () => [g.pick([...Object.keys(valid), ...FIELD_NAMES]), g.value()])),
                  };
          r = await api(base, 'POST', path, typeof body === 'string' ? body : JSON.stringify(body));
          if (r.status === 200 && typeof r.json?.queryId === 'string') accepted.push(r.json.queryId);
        }
        checkCurrent(r, what);
        sent++;
      }
    }
    for (const route of Object.values(LEGACY_ROUTES)) {
      for (let i = 0; i < 12; i++) {
        const fields = new URLSearchParams(
          Array.from({ length: g.int(5) }, (): [string, string] => [g.pick(FORM_FIELDS), i % 2 ? g.text() : String(g.value())]),
        );
        if (i % 6 !== 5) fields.append('token', i % 6 === 4 ? g.text() : DEV_TOKEN);
        const r = await request(`${base}${legacyPath(route)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: fields.toString(),
        });
        const what = `${route.operation} ${fields}`;
        if (r.status === 200) assert.ok(r.text.includes(` xmlns="${LEGACY_XML_NAMESPACE}"`), what);
        else {
          assert.strictEqual(r.status, 500, `${what} gave ${r.status}`);
          assert.ok((Object.values(LEGACY_ERROR_TEXT) as string[]).includes(r.text) || LEGACY_500.test(r.text), `${what}: ${r.text}`);
        }
        sent++;
      }
    }
    for (let i = 0; i < 20; i++) {
      for (const handler of ['ImagesHandler.ashx', 'FilesHandler.ashx']) {
        const r = await request(`${base}/${handler}?id=${encodeQuery(i % 2 ? g.text() : String(g.int(30_000)))}&disp=${encodeQuery(g.text())}`);
        assert.ok([200, 404, 500].includes(r.status), `${handler} gave ${r.status}`);
        sent++;
      }
    }
    assert.ok(sent > 800, `${sent} requests`);
    assert.ok(accepted.length > 20, `${accepted.length} junk-bearing searches were accepted`);
    for (const id of accepted) {
      for (const prefix of ['filter', 'filter/formula/batch', 'filter/mass/batch']) {
        const r = await api(base, 'GET', `${prefix}/${id}/status`);
        if (r.status !== 200) continue;
        const status = (await waitQuery(base, `${prefix}/${id}/status`)).status;
        assert.ok(!isFailedStatus(status), `query ${id} ended ${status}`);
      }
    }
    assert.deepStrictEqual(await snapshot(), before);
  });
});
