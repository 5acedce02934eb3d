/**
 * `compound-db db start` / `db stop`: a throwaway PostgreSQL 15 cluster with the RDKit cartridge for development
 * and tests, in a git-ignored folder of the project (`.compound-db/postgres`), run by an unprivileged user (when
 * started as root: the `postgres` user, which must be able to reach the folder). Trust authentication on
 * 127.0.0.1 only and durability off: it is for throwaway data, never for a shared deployment.
 */
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { spawnSync, type SpawnSyncReturns } from 'child_process';
import { Client } from 'pg';
import { installCartridge } from './cartridge';
import { SHIPPED_DATA_DIR } from '../collection/shipped-collection';

export const PG_PACKAGES = ['postgresql-15', 'postgresql-15-rdkit'];
const PG_BIN = '/usr/lib/postgresql/15/bin';
const DATABASE = 'compound_db';
const RDKIT_CONTROL = '/usr/share/postgresql/15/extension/rdkit.control';

/** The project folder: the one holding the shipped data (found from out/ and from a bundle alike). */
export const projectDir = (): string => path.dirname(SHIPPED_DATA_DIR);

export const DEFAULT_CLUSTER_DIR = path.join(projectDir(), '.compound-db', 'postgres');

export function packagesPresent(): boolean {
  return fs.existsSync(path.join(PG_BIN, 'initdb')) && fs.existsSync(RDKIT_CONTROL);
}

const isRoot = (): boolean => process.getuid?.() === 0;

/** Installs the Debian packages when missing (as root, through the project's apt helper). */
function ensurePackages(dir: string): void {
  if (packagesPresent()) return;
  const helper = path.join(projectDir(), 'scripts', 'vscode', 'apt.js');
  if (!fs.existsSync(helper))
    throw new Error(`PostgreSQL 15 with the RDKit cartridge is not installed; install the Debian packages ${PG_PACKAGES.join(' ')}`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const apt = require(helper) as { ensureDebianPackages(packages: string[], logFile: string): void };
  apt.ensureDebianPackages(PG_PACKAGES, path.join(path.dirname(dir), 'apt.log'));
}

/** Runs a PostgreSQL program as the cluster's owner: this user, or `postgres` when this is root. */
function runAsOwner(program: string, args: string[]): SpawnSyncReturns<string> {
  const cmd = isRoot() ? ['runuser', '-u', 'postgres', '--', path.join(PG_BIN, program), ...args] : [path.join(PG_BIN, program), ...args];
  return spawnSync(cmd[0], cmd.slice(1), { encoding: 'utf8' });
}

function check(r: SpawnSyncReturns<string>, what: string, log?: string): void {
  if (r.status === 0) return;
  const tail = log && fs.existsSync(log) ? `\n${fs.readFileSync(log, 'utf8').split('\n').slice(-10).join('\n')}` : '';
  throw new Error(`${what} failed (exit ${r.status ?? r.signal}): ${(r.stderr || r.stdout || String(r.error ?? '')).trim()}${tail}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function urlOf(port: number, database = DATABASE): string {
  return `postgres://postgres@127.0.0.1:${port}/${database}`;
}

function readPort(dir: string): number | undefined {
  const file = path.join(dir, 'port');
  return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').trim()) : undefined;
}

function isRunning(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'data', 'postmaster.pid')) && runAsOwner('pg_ctl', ['-D', path.join(dir, 'data'), 'status']).status === 0;
}

/** Makes the folder and hands it to the `postgres` user when this is root; it must be reachable by that user. */
function prepareFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  if (!isRoot()) return;
  check(spawnSync('chown', ['postgres:postgres', dir], { encoding: 'utf8' }), `chown ${dir}`);
  if (spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-w', dir]).status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`the postgres user cannot reach ${dir} (a parent folder is private); give a reachable folder with --dir`);
  }
}

/** Starts the cluster (creating it first when needed) and returns the URL of its `compound_db` database. */
export async function startCluster(dir = DEFAULT_CLUSTER_DIR, log: (line: string) => void = () => undefined): Promise<string> {
  ensurePackages(dir);
  const data = path.join(dir, 'data');
  if (isRunning(dir)) return urlOf(readPort(dir)!);
  if (!fs.existsSync(path.join(data, 'PG_VERSION'))) {
    prepareFolder(dir);
    log(`creating a PostgreSQL cluster in ${dir}`);
    check(runAsOwner('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']), 'initdb');
  }
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'port'), `${port}\n`);
  startServer(dir, port);
  // The cartridge goes into template1, so compound_db and every database created later (tests) have it.
  const template = new Client({ connectionString: urlOf(port, 'template1') });
  await template.connect();
  try {
    await installCartridge(template);
  } finally {
    await template.end();
  }
  await createDatabase(urlOf(port, 'postgres'), DATABASE);
  return urlOf(port);
}

/** Stops the cluster and deletes its folder (it is throwaway); nothing to do when there is none. */
export function stopCluster(dir = DEFAULT_CLUSTER_DIR): boolean {
  const data = path.join(dir, 'data');
  if (!fs.existsSync(dir)) return false;
  if (isRunning(dir)) check(runAsOwner('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']), 'pg_ctl stop');
  fs.rmSync(dir, { recursive: true, force: true });
  return true;
}

/** Stops the server but keeps the data (the fault test); `resumeCluster` starts it again on the same port. */
export function pauseCluster(dir = DEFAULT_CLUSTER_DIR): void {
  check(runAsOwner('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'immediate', '-w', 'stop']), 'pg_ctl stop');
}

export function resumeCluster(dir = DEFAULT_CLUSTER_DIR): void {
  const port = readPort(dir);
  if (!port) throw new Error(`no cluster in ${dir}`);
  startServer(dir, port);
}

/**
 * PostgreSQL's buffer cache: a quarter of the memory (its documentation's rule), at most 2 GB, at least the default
 * 128 MB. With the default, a 1M-record collection's fingerprint and structure indexes (~850 MB) and its table do not
 * fit, so every similarity screen, record lookup and index update copied pages in from the kernel's cache. The
 * memory is taken as pages are first used, so a small test database costs no more.
 */
function sharedBuffersMb(): number {
  return Math.max(128, Math.min(2048, Math.floor(os.totalmem() / 4 / 2 ** 20)));
}

/** Loopback TCP only (a socket path under a deep project folder can pass the 107-byte limit), durability off. */
function startServer(dir: string, port: number): void {
  const settings = [
    'listen_addresses=127.0.0.1',
    `port=${port}`,
    "unix_socket_directories=''",
    'fsync=off',
    'synchronous_commit=off',
    'full_page_writes=off',
    'max_connections=200',
    'maintenance_work_mem=256MB',
    `shared_buffers=${sharedBuffersMb()}MB`,
  ];
  const logFile = path.join(dir, 'postgres.log');
  const o = settings.map((s) => `-c ${s}`).join(' ');
  check(runAsOwner('pg_ctl', ['-D', path.join(dir, 'data'), '-l', logFile, '-w', '-t', '60', '-o', o, 'start']), 'pg_ctl start', logFile);
}

/** Creates a database (when missing) on the server of `adminUrl`; its name is checked, never user text spliced. */
export async function createDatabase(adminUrl: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}
