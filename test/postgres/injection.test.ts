/**
 * SQL injection through every text field of both interfaces, over the PostgreSQL store: each hostile text is
 * answered as data (a result, an empty result or a 4xx naming the input), never a 500, and the data are whole
 * afterwards. The store's own methods get the same texts in store-parity.test.ts.
 */
import * as assert from 'assert';
import { startService, type RunningService } from '../../src/service';
import { loadChemistry } from '../../src/service/toolkits';
import { buildFixtureRecords, FIXTURE } from '../service/support/fixture';
import { api, legacy, waitQuery, type Reply } from '../service/support/http';
import { HOSTILE } from './store-parity.test';
import { LEGACY_ROUTES, legacyPath } from '../../src/wire/legacy';

describe('postgres: SQL injection through every text field', function () {
  this.timeout(300_000);
  let svc: RunningService;
  const logged: string[] = [];

  before(async () => {
    svc = await startService({ port: 0, records: buildFixtureRecords(await loadChemistry()), shippedSpectra: false, log: (l) => logged.push(l) });
  });
  after(() => svc?.close());

  const notServerError = (what: string, r: Reply) => assert.ok(r.status < 500, `${what}: ${r.status} ${r.text}`);
  /** The older interface answers every failure 500 with a text (contract 2.1): only its "unexpected" text is a fault. */
  const notUnexpected = (what: string, r: Reply) => assert.ok(r.status !== 503 && !/did not expect/.test(r.text), `${what}: ${r.status} ${r.text}`);

  async function filter(path: string, body: unknown): Promise<void> {
    const r = await api(svc.baseUrl, 'POST', path, body);
    notServerError(`${path} ${JSON.stringify(body)}`, r);
    if (r.status !== 200) return;
    const statusPath = path.endsWith('/batch') ? `${path}/${r.json.queryId}/status` : `filter/${r.json.queryId}/status`;
    const s = await waitQuery(svc.baseUrl, statusPath);
    assert.notStrictEqual(s.status, 'Failed', `${path} ${JSON.stringify(body)} failed`);
  }

  it('current interface: names, formulas, InChI, InChIKey, SMILES, datasources, elements, query and record IDs', async () => {
    for (const t of HOSTILE) {
      await filter('filter/name', { name: t });
      await filter('filter/formula', { formula: t });
      await filter('filter/formula', { formula: 'C8H10N4O2', dataSources: [t] });
      await filter('filter/formula/batch', { formulas: [t] });
      await filter('filter/inchi', { inchi: `InChI=1S/${t}` });
      await filter('filter/inchikey', { inchikey: t });
      await filter('filter/smiles', { smiles: t });
      await filter('filter/element', { includeElements: [t], excludeElements: [t] });
      await filter('filter/mass', { mass: 180, range: 1, dataSources: [t] });
      for (const path of [
        `filter/${encodeURIComponent(t)}/status`,
        `filter/${encodeURIComponent(t)}/results`,
        `records/${encodeURIComponent(t)}/details`,
      ]) {
        notServerError(path, await api(svc.baseUrl, 'GET', path));
      }
      notServerError('records/batch', await api(svc.baseUrl, 'POST', 'records/batch', { recordIds: [t] }));
    }
  });

  it('current interface: the other filters, tools, orders, fields and every ID in a path', async () => {
    for (const t of HOSTILE) {
      await filter('filter/name', { name: 'caffeine', orderBy: t, orderDirection: t });
      await filter('filter/intrinsicproperty', { formula: t });
      await filter('filter/mass/batch', { masses: [{ mass: 180, range: 1 }], dataSources: [t] });
      await filter('filter/substructure', { query: t });
      await filter('filter/substructure', { query: 'c1ccccc1', queryFormat: t });
      await filter('filter/substructure', { query: 'c1ccccc1', maxResults: 5, dataSources: [t] });
      await filter('filter/similarity', { smiles: t });
      await filter('filter/similarity', { smiles: 'c1ccccc1', dataSources: [t] });
      for (const body of [
        { input: t, inputFormat: 'SMILES', outputFormat: 'InChI' },
        { input: t, inputFormat: 'InChI', outputFormat: 'SMILES' },
        { input: 'C', inputFormat: t, outputFormat: t },
      ]) {
        notServerError(`tools/convert ${JSON.stringify(body)}`, await api(svc.baseUrl, 'POST', 'tools/convert', body));
      }
      notServerError('tools/validate/inchikey', await api(svc.baseUrl, 'POST', 'tools/validate/inchikey', { inchikey: t }));
      notServerError('records/batch fields', await api(svc.baseUrl, 'POST', 'records/batch', { recordIds: [FIXTURE[0].id], fields: [t] }));
      const id = encodeURIComponent(t);
      for (const path of [
        `records/${id}/image`,
        `records/${id}/mol`,
        `records/${id}/externalreferences`,
        `records/${FIXTURE[0].id}/details?fields=${id}`,
        `filter/${id}/results/sdf`,
        `filter/formula/batch/${id}/status`,
        `filter/formula/batch/${id}/results`,
        `filter/mass/batch/${id}/status`,
        `filter/mass/batch/${id}/results`,
      ]) {
        notServerError(path, await api(svc.baseUrl, 'GET', path));
      }
    }
  });

  it('older interface: every parameter of every operation', async () => {
    const names = ['query', 'rid', 'csid', 'csids', 'id', 'spc_id', 'eMolType', 'orderBy', 'orderDirection', 'start', 'count'];
    for (const t of HOSTILE) {
      for (const route of Object.values(LEGACY_ROUTES)) {
        const r = await legacy(
          svc.baseUrl,
          legacyPath(route).slice(1),
          names.map((n) => [n, t] as [string, string]),
        );
        notUnexpected(`${route.operation} ${t}`, r);
      }
    }
  });

  it('older interface: query, rid, token and record ID', async () => {
    for (const t of HOSTILE) {
      for (const [op, fields] of [
        ['SimpleSearch', [['query', t]]],
        ['AsyncSimpleSearch', [['query', t]]],
        ['GetAsyncSearchStatus', [['rid', t]]],
        ['GetAsyncSearchResult', [['rid', t]]],
        ['GetCompoundInfo', [['CSID', t]]],
      ] as Array<[string, Array<[string, string]>]>) {
        notUnexpected(`${op} ${t}`, await legacy(svc.baseUrl, `Search.asmx/${op}`, fields));
      }
      notUnexpected(`token ${t}`, await legacy(svc.baseUrl, 'Search.asmx/SimpleSearch', [['query', 'caffeine']], t));
    }
  });

  it('leaves every record in place and logs no database error', async () => {
    for (const e of FIXTURE) {
      const r = await api(svc.baseUrl, 'GET', `records/${e.id}/details?fields=CommonName`);
      assert.strictEqual(r.status, 200, `record ${e.id}`);
    }
    assert.deepStrictEqual(
      logged.filter((l) => /internal error|syntax error|failed/i.test(l)),
      [],
    );
  });
});
