/**
 * Stateless service processes: `compound-db load` fills a database, two `serve --database` processes run over
 * it; a query submitted to one is polled and read on the other, in both interfaces.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { fork, spawnSync, type ChildProcess } from 'child_process';
import { api, legacy, parseXml, waitLegacy, waitQuery } from '../service/support/http';
import { tempDir } from '../support/temp';
import { freshDatabase } from './support/use-postgres';

/** The service's process (what the extension forks), and the command line that loads a database. */
const SERVICE = path.resolve(__dirname, '../../src/service/main.js');
const CLI = path.resolve(__dirname, '../../src/cli/main.js');

function serve(url: string): Promise<{ child: ChildProcess; base: string }> {
  const child = fork(SERVICE, ['--port', '0', '--database', url], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { type: string; baseUrl?: string; message?: string }) =>
      m.type === 'ready' ? resolve({ child, base: m.baseUrl! }) : reject(new Error(m.message)),
    );
    child.once('exit', (code) => reject(new Error(`service exited ${code}`)));
  });
}

const SDF = `Ethyl acetate
  manual

  6  5  0  0  0  0  0  0  0  0999 V2000
    0.0000    0.0000    0.0000 C   0  0
    1.2990    0.7500    0.0000 C   0  0
    2.5981    0.0000    0.0000 O   0  0
    3.8971    0.7500    0.0000 C   0  0
    3.8971    2.2500    0.0000 O   0  0
    5.1962    0.0000    0.0000 C   0  0
  1  2  1  0
  2  3  1  0
  3  4  1  0
  4  5  2  0
  4  6  1  0
M  END
> <name>
Ethyl acetate

$$$$
not a molecule
$$$$
`;

describe('postgres: two service processes over one database', function () {
  this.timeout(180_000);
  let a: { child: ChildProcess; base: string };
  let b: { child: ChildProcess; base: string };
  let drop: () => Promise<void>;
  let loadOutput: string;

  before(async () => {
    const db = await freshDatabase();
    drop = db.drop;
    const sdf = path.join(tempDir('pg-load'), 'lab.sdf');
    fs.writeFileSync(sdf, SDF);
    const load = spawnSync(process.execPath, [CLI, 'load', '--database', db.url, sdf], { encoding: 'utf8' });
    assert.strictEqual(load.status, 0, load.stderr);
    const shipped = spawnSync(process.execPath, [CLI, 'load', '--database', db.url], { encoding: 'utf8' });
    assert.strictEqual(shipped.status, 0, shipped.stderr);
    const again = spawnSync(process.execPath, [CLI, 'load', '--database', db.url, sdf], { encoding: 'utf8' });
    loadOutput = load.stdout + shipped.stdout + again.stdout;
    [a, b] = await Promise.all([serve(db.url), serve(db.url)]);
  });
  after(async () => {
    for (const p of [a, b]) p?.child.kill();
    await Promise.all(
      [a, b].map((p) => p && new Promise((resolve) => (p.child.exitCode !== null ? resolve(undefined) : p.child.once('exit', resolve)))),
    );
    await drop?.();
  });

  it("loads an SDF with the in-memory loader's report, the shipped collection, and a file once only", () => {
    assert.match(loadOutput, /loaded 1 records from .*lab\.sdf as datasource "lab"$/m);
    assert.match(loadOutput, /loaded \d+ records of the shipped collection/);
    assert.match(loadOutput, /lab\.sdf is already loaded as datasource "lab"/);
  });

  it('answers a query submitted to one process from the other (current interface)', async () => {
    const submit = await api(a.base, 'POST', 'filter/name', { name: 'caffeine' });
    assert.strictEqual(submit.status, 200);
    const status = await waitQuery(b.base, `filter/${submit.json.queryId}/status`);
    assert.strictEqual(status.status, 'Complete');
    assert.ok(status.count >= 1);
    const fromB = await api(b.base, 'GET', `filter/${submit.json.queryId}/results`);
    const fromA = await api(a.base, 'GET', `filter/${submit.json.queryId}/results`);
    assert.strictEqual(fromB.status, 200);
    assert.deepStrictEqual(fromB.json, fromA.json);
    const details = await api(b.base, 'GET', `records/${fromB.json.results[0]}/details?fields=CommonName`);
    assert.match(details.text, /caffeine/i);
  });

  it('answers a legacy asynchronous search submitted to one process from the other', async () => {
    const r = await legacy(b.base, 'Search.asmx/AsyncSimpleSearch', [['query', 'Ethyl acetate']]);
    const rid = parseXml(r.text).string;
    assert.strictEqual(await waitLegacy(a.base, rid), 'ResultReady');
    const result = parseXml((await legacy(a.base, 'Search.asmx/GetAsyncSearchResult', [['rid', rid]])).text);
    assert.ok(result.ArrayOfInt.int.length >= 1);
  });

  it('both list the same datasources, the SDF first as it was loaded first', async () => {
    const [x, y] = await Promise.all([api(a.base, 'GET', 'lookups/datasources'), api(b.base, 'GET', 'lookups/datasources')]);
    assert.deepStrictEqual(x.json, y.json);
    assert.strictEqual(x.json.dataSources[0], 'lab');
  });
});
