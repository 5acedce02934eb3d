/**
 * `compound-db` as a child process: exit codes 0 / 1 / 2 with one line on stderr, the resolve CSV, the built-in
 * database by default (started on the first request only), `--server` with the key from the environment, secrets
 * kept out, and a resume after a real kill.
 */
import * as assert from 'assert';
import { spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { connect } from '../../../src/cli/connect';
import { MemoryResolveCache, RESOLVE_HEADER, resolveIdentifiers, type ResolveRow } from '../../../src/client';
import { DEV_API_KEY, DEV_TOKEN, startService, type RunningService } from '../../../src/service';
import { startEchoingProxy, startUnreliableProxy, type UnreliableProxy } from '../support/unreliable-proxy';

const BIN = path.resolve(__dirname, '../../../../bin/compound-db.js');
const SECRETS = { COMPOUND_DB_API_KEY: DEV_API_KEY, COMPOUND_DB_TOKEN: DEV_TOKEN };
const CAFFEINE_KEY = 'RYYVLZVUVIJVGH-UHFFFAOYSA-N';

/** The processes `pid` started that have not been reaped (Linux). */
function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

describe('compound-db command line', function () {
  this.timeout(120_000);
  let service: RunningService;
  let dir: string;
  const children: ChildProcess[] = [];

  function start(args: string[], env: NodeJS.ProcessEnv = {}, stdin?: string): { child: ChildProcess; done: Promise<Run> } {
    const cleanEnv = { ...process.env, COMPOUND_DB_API_KEY: '', COMPOUND_DB_TOKEN: '', ...env };
    const child = spawn(process.execPath, [BIN, ...args], { env: cleanEnv, cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdin?.end(stdin ?? '');
    const done = new Promise<Run>((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
    return { child, done };
  }
  const run = (args: string[], env?: NodeJS.ProcessEnv, stdin?: string): Promise<Run> => start(args, env, stdin).done;

  /** A failure is exactly one line on stderr, naming the program. */
  function assertOneLine(r: Run, status: number, pattern: RegExp): void {
    assert.strictEqual(r.status, status, r.stderr);
    const lines = r.stderr.trimEnd().split('\n');
    assert.strictEqual(lines.length, 1, r.stderr);
    assert.match(lines[0], /^compound-db: /);
    assert.match(lines[0], pattern);
  }

  before(async () => {
    service = await startService({ port: 0 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compound-db-cli-'));
  });
  afterEach(() => children.splice(0).forEach((c) => c.exitCode === null && c.signalCode === null && c.kill('SIGKILL')));
  after(async () => {
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('exits 2 with one line on stderr for bad usage', async () => {
    assertOneLine(await run(['frobnicate']), 2, /unknown command "frobnicate"/);
    assertOneLine(await run(['search']), 2, /one QUERY/);
    assertOneLine(await run(['search', 'x', '--colour']), 2, /Unknown option '--colour'/);
    assertOneLine(await run(['convert', 'CCO', '--from', 'SMILES', '--to', 'PNG']), 2, /--to must be one of SMILES, InChI, InChIKey, Mol, not "PNG"/);
    assertOneLine(await run(['details', 'abc']), 2, /ID "abc" is not a record ID/);
    assertOneLine(await run(['resolve', 'in.txt', '--rate', 'fast']), 2, /--rate must be a number/);
    assertOneLine(await run(['resolve', 'in.txt', '--resume']), 2, /--resume needs OUT/);
    assertOneLine(await run(['search', 'caffeine', '--server', service.baseUrl]), 2, /COMPOUND_DB_API_KEY/);
    assertOneLine(await run(['search', 'caffeine', '--server', 'ftp://x']), 2, /http:\/\/ or https:\/\//);
    const help = await run(['--help']);
    assert.strictEqual(help.status, 0);
    for (const command of ['serve', 'search', 'details', 'convert', 'resolve']) assert.match(help.stdout, new RegExp(`compound-db ${command}`));
  });

  it('a SMILES the server refuses is one sentence naming it, not the HTTP status line', async () => {
    const r = await run(['convert', 'C1CC(', '--from', 'SMILES', '--to', 'InChI', '--server', service.baseUrl], SECRETS);
    assertOneLine(r, 1, /^compound-db: The SMILES "C1CC\(" is not valid: it does not parse\.$/);
    assert.doesNotMatch(r.stderr, /Bad Request|HTTP 400/);
  });

  it('searches, shows details and converts against the built-in database with no server given', async () => {
    const search = await run(['search', 'caffeine']);
    assert.strictEqual(search.status, 0, search.stderr);
    assert.match(search.stdout, new RegExp(`^\\d+\\tCaffeine\\tC8H10N4O2\\t${CAFFEINE_KEY}$`, 'm'));
    const id = search.stdout.split('\t')[0];
    const details = await run(['details', id, '--json']);
    assert.strictEqual(details.status, 0, details.stderr);
    const [record] = JSON.parse(details.stdout);
    assert.strictEqual(record.commonName, 'Caffeine');
    assert.match(record.mol2D, /M {2}END/);
    const convert = await run(['convert', 'Cn1cnc2c1c(=O)n(C)c(=O)n2C', '--from', 'SMILES', '--to', 'InChI']);
    assert.strictEqual(convert.status, 0, convert.stderr);
    assert.strictEqual(convert.stdout, 'InChI=1S/C8H10N4O2/c1-10-4-9-6-5(10)7(13)12(3)8(14)11(6)2/h4H,1-3H3\n');
  });

  it('converts SMILES to an InChIKey (chained through InChI), reads a Hill formula as a formula, suggests names for a misspelt one', async () => {
    const key = await run(['convert', 'Cn1cnc2c1c(=O)n(C)c(=O)n2C', '--from', 'SMILES', '--to', 'InChIKey', '--server', service.baseUrl], SECRETS);
    assert.strictEqual(key.status, 0, key.stderr);
    assert.strictEqual(key.stdout, `${CAFFEINE_KEY}\n`);
    const formula = await run(['search', 'C9H8O4', '--server', service.baseUrl], SECRETS);
    assert.strictEqual(formula.status, 0, formula.stderr);
    assert.match(formula.stdout, /\tAspirin\tC9H8O4\tBSYNRYMUTXBXSQ-UHFFFAOYSA-N$/m);
    const misspelt = await run(['search', 'asprin', '--server', service.baseUrl], SECRETS);
    assert.strictEqual(misspelt.status, 0, misspelt.stderr);
    assert.strictEqual(misspelt.stdout, '');
    assert.match(misspelt.stderr, /no record matches "asprin"; did you mean "Aspirin"/);
  });

  it('runs the built-in database in a child process that ends with the command, even one killed while it loads', async () => {
    const alive = (pid: number): boolean => fs.existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    const until = async (what: string, ok: () => boolean): Promise<void> => {
      for (const started = Date.now(); !ok(); await new Promise((r) => setTimeout(r, 20)))
        if (Date.now() - started > 60_000) throw new Error(`timed out waiting until ${what}`);
    };
    fs.writeFileSync(path.join(dir, 'kill.txt'), 'caffeine\n');
    const { child, done } = start(['resolve', 'kill.txt']);
    let service = 0;
    await until('the service process has started', () => (service = childrenOf(child.pid as number)[0] ?? 0) > 0);
    child.kill('SIGKILL');
    await done;
    await until(`the service process ${service} has ended`, () => !alive(service));
  });

  it('starts the built-in database on the first request only: a resolve its cache answers in full starts none', async () => {
    const newChildren = (before: readonly number[]): number[] => childrenOf(process.pid).filter((pid) => !before.includes(pid));
    const inputs = ['caffeine', 'water', 'no such compound', '1'];
    const cache = new MemoryResolveCache();
    const before = childrenOf(process.pid);
    const first = await connect(undefined, {}, true);
    let rows: ResolveRow[];
    try {
      assert.deepStrictEqual(newChildren(before), [], 'connecting starts nothing');
      rows = await resolveIdentifiers(first.client, inputs, { cache });
      assert.strictEqual(newChildren(before).length, 1, 'the first request started the built-in database');
    } finally {
      await first.close();
    }
    assert.deepStrictEqual(newChildren(before), [], 'closing the connection ends the built-in database');
    const second = await connect(undefined, {}, true);
    try {
      let requests = -1;
      const again = await resolveIdentifiers(second.client, inputs, { cache, onProgress: (p) => (requests = p.requests) });
      assert.deepStrictEqual(again, rows);
      assert.strictEqual(requests, 0);
      assert.deepStrictEqual(newChildren(before), [], 'a resolve answered by its cache started no built-in database');
    } finally {
      await second.close();
    }
  });

  it('exits 1 with one clear line when an operation fails', async () => {
    assertOneLine(await run(['details', '99999999', '--server', service.baseUrl], SECRETS), 1, /no record 99999999/);
    assertOneLine(
      await run(['convert', 'not an inchi', '--from', 'InChI', '--to', 'InChIKey', '--server', service.baseUrl], SECRETS),
      1,
      /inchi|InChI/,
    );
    assertOneLine(await run(['resolve', 'missing.txt', '--server', service.baseUrl], SECRETS), 1, /cannot read missing.txt: no such file/);
    assertOneLine(await run(['search', 'caffeine', '--server', 'http://127.0.0.1:9'], SECRETS), 1, /Could not reach 127.0.0.1:9/);
  });

  it('resolves a CSV column to CSV on stdout with the fixed header, one row per input row', async () => {
    fs.writeFileSync(path.join(dir, 'in.csv'), 'id,compound\n1,caffeine\n2,"water"\n3,\n4,no such compound\n5,' + CAFFEINE_KEY + '\n');
    const r = await run(['resolve', 'in.csv', '--column', 'Compound', '--server', service.baseUrl], SECRETS);
    assert.strictEqual(r.status, 0, r.stderr);
    const lines = r.stdout.trimEnd().split('\n');
    assert.strictEqual(`${lines[0]}\n`, RESOLVE_HEADER);
    assert.strictEqual(lines[0], 'input,status,record_id,name,formula,inchikey,smiles,monoisotopic_mass,message,match');
    assert.deepStrictEqual(
      lines.slice(1).map((l) => l.split(',').slice(0, 2).join(',')),
      ['caffeine,found', 'water,found', ',error', 'no such compound,not_found', `${CAFFEINE_KEY},found`],
    );
    assert.match(r.stderr, /5 rows: 3 found, 0 ambiguous, 1 not found, 1 errors/);
    assertOneLine(
      await run(['resolve', 'in.csv', '--column', 'smiles', '--server', service.baseUrl], SECRETS),
      2,
      /no column "smiles"; its columns are "id", "compound"/,
    );
  });

  it('keeps the key and token out of every output even when the server echoes them', async () => {
    const proxy = await startEchoingProxy(service.baseUrl, DEV_TOKEN);
    try {
      fs.writeFileSync(path.join(dir, 'echo.txt'), 'echo\ncaffeine\n');
      const resolve = await run(['resolve', 'echo.txt', 'echo.csv', '--server', proxy.url], SECRETS);
      const search = await run(['search', 'echo', '--server', proxy.url], SECRETS);
      assertOneLine(search, 1, /redacted/);
      const everything = [resolve.stdout, resolve.stderr, search.stdout, search.stderr, fs.readFileSync(path.join(dir, 'echo.csv'), 'utf8')].join(
        '\n',
      );
      assert.match(everything, /echo,error/);
      assert.ok(!everything.includes(DEV_API_KEY) && !everything.includes(DEV_TOKEN), everything);
    } finally {
      await proxy.close();
    }
  });

  it('resumes a run killed mid-way, losing at most the requests in flight', async () => {
    const names = Array.from({ length: 120 }, (_, i) => String(i + 1)).concat(Array.from({ length: 120 }, (_, i) => `unknown compound ${i}`));
    fs.writeFileSync(path.join(dir, 'many.txt'), names.join('\n'));
    let proxy: UnreliableProxy = await startUnreliableProxy(service.baseUrl);
    const args = ['resolve', 'many.txt', 'many.csv', '--concurrency', '2', '--rate', '500'];
    try {
      assert.strictEqual((await run([...args, '--server', proxy.url], SECRETS)).status, 0);
      const reference = fs.readFileSync(path.join(dir, 'many.csv'), 'utf8');
      const full = proxy.requests;
      assert.ok(!fs.existsSync(path.join(dir, 'many.csv.resolve-journal')), 'the journal goes once the run has ended');
      await proxy.close();

      proxy = await startUnreliableProxy(service.baseUrl, { delayMs: 15 });
      const first = start([...args, '--server', proxy.url], SECRETS);
      while (proxy.requests < full / 2) await new Promise((r) => setTimeout(r, 10));
      first.child.kill('SIGKILL');
      await first.done;
      await proxy.settled();
      const before = proxy.requests;
      assert.ok(fs.existsSync(path.join(dir, 'many.csv.resolve-journal')));
      const second = await run([...args, '--resume', '--server', proxy.url], SECRETS);
      assert.strictEqual(second.status, 0, second.stderr);
      assert.strictEqual(fs.readFileSync(path.join(dir, 'many.csv'), 'utf8'), reference);
      const lost = before + (proxy.requests - before) - full;
      assert.ok(lost <= 2 + 1, `${lost} requests repeated (concurrency 2, plus one record batch split)`);
    } finally {
      await proxy.close();
    }
  });

  it('reuses --cache DIR in a later run with no request, and writes SDF on request', async () => {
    fs.writeFileSync(path.join(dir, 'two.txt'), 'caffeine\nwater\nno such compound\n');
    const proxy = await startUnreliableProxy(service.baseUrl);
    try {
      const args = ['resolve', 'two.txt', '--cache', 'cache', '--server', proxy.url];
      const first = await run(args, SECRETS);
      assert.ok(proxy.requests > 0);
      proxy.reset();
      const second = await run(args, SECRETS);
      assert.strictEqual(proxy.requests, 0);
      assert.strictEqual(second.stdout, first.stdout);
      const sdf = await run(['resolve', 'two.txt', 'two.sdf', '--cache', 'cache', '--server', proxy.url], SECRETS);
      assert.strictEqual(sdf.status, 0, sdf.stderr);
      const text = fs.readFileSync(path.join(dir, 'two.sdf'), 'utf8');
      assert.strictEqual(text.split('$$$$\n').length - 1, 3);
      assert.match(text, /> <status>\nnot_found\n/);
      assert.match(text, new RegExp(`> <inchikey>\\n${CAFFEINE_KEY}\\n`));
    } finally {
      await proxy.close();
    }
  });
});
