/**
 * Records loaded while the service runs: `compound-db load` adds an SDF to a database a service is already serving,
 * and every search kind finds the new record at once (structure search through the cartridge's operators),
 * without a restart.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { execFile } from 'child_process';
import { promisify } from 'util';
import { startService, type RunningService } from '../../src/service';
import { loadChemistry } from '../../src/service/toolkits';
import type { Chemistry } from '../../src/service/toolkits/types';
import { api, legacy, parseXml, runFilter, waitQuery } from '../service/support/http';
import { tempDir } from '../support/temp';
import { freshDatabase } from './support/use-postgres';
import { Client } from 'pg';
import { waitFor } from '../support/wait-for';

/** The command line, which loads a database. */
const CLI = path.resolve(__dirname, '../../src/cli/main.js');
/** 4-(Trifluoromethyl)benzenesulfonamide: nothing else in the database shares its sulfonamide or CF3 group. */
const LATE_SMILES = 'NS(=O)(=O)c1ccc(cc1)C(F)(F)F';

function sdfOf(chemistry: Chemistry, smiles: string, name: string): string {
  return `${chemistry.describe(smiles)!.mol2D.replace(/^.*\n/, `${name}\n`)}\n> <NAME>\n${name}\n\n$$$$\n`;
}

/** `compound-db load` in its own process, awaited (not spawnSync: the service under test shares this event loop). */
async function load(url: string, file: string): Promise<void> {
  await promisify(execFile)(process.execPath, [CLI, 'load', '--database', url, file]);
}

describe('postgres: records loaded while the service runs', function () {
  this.timeout(180_000);
  let svc: RunningService;
  let drop: () => Promise<void>;
  let chemistry: Chemistry;
  let lateId: number;
  let url: string;

  before(async () => {
    const db = await freshDatabase();
    drop = db.drop;
    url = db.url;
    chemistry = await loadChemistry();
    const dir = tempDir('pg-late');
    fs.writeFileSync(path.join(dir, 'first.sdf'), sdfOf(chemistry, 'CCOC(C)=O', 'Ethyl acetate'));
    await load(db.url, path.join(dir, 'first.sdf'));
    svc = await startService({ port: 0, database: db.url, chemistry });
    await svc.buildStructureIndex();
    // Searched once before the load: nothing of the late structure is there yet.
    assert.deepStrictEqual(await runFilter(svc.baseUrl, 'filter/substructure', { query: 'S(=O)(=O)N' }), []);
    fs.writeFileSync(path.join(dir, 'late.sdf'), sdfOf(chemistry, LATE_SMILES, 'Trifluoromethylbenzenesulfonamide'));
    await load(db.url, path.join(dir, 'late.sdf'));
    const byName = await runFilter(svc.baseUrl, 'filter/name', { name: 'Trifluoromethylbenzenesulfonamide' });
    assert.strictEqual(byName.length, 1);
    lateId = byName[0];
  });
  after(async () => {
    await svc?.close();
    await drop?.();
  });

  it('finds the late record by every search kind of the current interface', async () => {
    const facts = chemistry.describe(LATE_SMILES)!;
    const searches: Array<[string, object]> = [
      ['filter/inchikey', { inchikey: facts.inchiKey }],
      ['filter/inchi', { inchi: facts.inchi }],
      ['filter/smiles', { smiles: LATE_SMILES }],
      ['filter/formula', { formula: facts.formula }],
      ['filter/mass', { mass: facts.monoisotopicMass, range: 0.001 }],
      ['filter/element', { includeElements: ['F', 'S'], includeAll: true }],
      ['filter/substructure', { query: 'S(=O)(=O)N' }],
      ['filter/substructure', { query: '[CX4](F)(F)F', queryFormat: 'SMARTS' }],
      ['filter/similarity', { smiles: LATE_SMILES, threshold: 0.9 }],
      ['filter/substructure', { query: 'c1ccccc1', dataSources: ['late'] }],
    ];
    for (const [route, body] of searches) {
      assert.deepStrictEqual(await runFilter(svc.baseUrl, route, body), [lateId], `${route} ${JSON.stringify(body)}`);
    }
    const similar = await api(svc.baseUrl, 'POST', 'filter/similarity', { smiles: LATE_SMILES, threshold: 0.9 });
    await waitQuery(svc.baseUrl, `filter/${similar.json.queryId}/status`);
    assert.deepStrictEqual((await api(svc.baseUrl, 'GET', `filter/${similar.json.queryId}/results`)).json.scores, [1]);
  });

  it('lists its datasource and serves its details, image and older-interface search', async () => {
    assert.deepStrictEqual((await api(svc.baseUrl, 'GET', 'lookups/datasources')).json.dataSources, ['first', 'late']);
    const details = await api(svc.baseUrl, 'GET', `records/${lateId}/details?fields=CommonName`);
    assert.match(details.text, /Trifluoromethylbenzenesulfonamide/);
    assert.strictEqual((await api(svc.baseUrl, 'GET', `records/${lateId}/image`)).status, 200);
    const simple = parseXml((await legacy(svc.baseUrl, 'Search.asmx/SimpleSearch', [['query', 'Trifluoromethylbenzenesulfonamide']])).text);
    assert.deepStrictEqual([simple.ArrayOfInt.int].flat().map(Number), [lateId]);
  });

  it('each load leaves the record tables analysed, as PostgreSQL counts it (the planner has their statistics at once)', async () => {
    // Two loads, each ending with its ANALYZE (autovacuum's own runs are counted apart, in autoanalyze_count).
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const counts = await waitFor(async () => {
        const { rows } = await client.query<{ relname: string; analyze_count: string }>(
          `SELECT relname, analyze_count FROM pg_stat_user_tables WHERE relname IN ('records', 'names', 'external_references', 'data_sources') ORDER BY relname`,
        );
        return rows.length === 4 && rows.every((r) => Number(r.analyze_count) >= 2) ? rows : undefined;
      }, 'two ANALYZE runs counted on each record table');
      assert.deepStrictEqual(
        counts.map((r) => r.relname),
        ['data_sources', 'external_references', 'names', 'records'],
      );
    } finally {
      await client.end();
    }
  });
});
