/**
 * Start-up of the service with the built-in database, in fresh processes, as a user waits on it:
 * - `node out/src/service/main.js` (what the extension forks): spawn to listening, to the first answer (a name search
 *   over HTTP), and the process's CPU time at listening (the figure least moved by other load on the machine);
 * - the first spectra request after that (the spectra index is read on first use, src/service/README.md);
 * - the first MOL block request once the service is idle: with the warm-up the MOL blocks were read in the background
 *   after the structure index was built; with `--no-warm-up` (fresh processes of their own) the request reads them;
 * - the process's memory (resident set, and its peak) at listening and once it is idle with every index built and the
 *   MOL blocks read (the warm-up's processes: what a user's service holds);
 * - `npm run serve` to listening, to show what npm and bin/compound-db.js (the bundle dist/cli.js) add.
 * Budgets: listening within 2 s of the spawn on an idle machine; memory at most 600 MB.
 */
import { spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DEV_API_KEY, DEV_TOKEN } from '../src/service';

const root = path.resolve(__dirname, '..', '..');
const RUNS = 5;
/** Fresh processes started with `--no-warm-up`, for the first MOL block request read on the request. */
const COLD_RUNS = 3;

interface Start {
  listening: number;
  cpuMs: number;
  firstAnswer: number;
  firstSpectra: number;
  firstMol: number;
  rssAtListening: number;
  rssIdle: number;
  peakRss: number;
}

/** Resident set and its peak so far, in MB (Linux; NaN elsewhere). */
function memoryOf(child: ChildProcess): { rss: number; peak: number } {
  try {
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const mb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024;
    return { rss: mb('VmRSS'), peak: mb('VmHWM') };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}

/** Waits until the process has used under 50 ms of CPU in a second (its background index builds done), at most 60 s. */
async function idleOf(child: ChildProcess): Promise<void> {
  const until = performance.now() + 60_000;
  let before = cpuMsOf(child);
  while (performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuMsOf(child);
    if (!(now - before >= 50)) return;
    before = now;
  }
}

/** User plus system CPU time of a process so far (Linux; NaN elsewhere). */
function cpuMsOf(child: ChildProcess): number {
  try {
    const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

function listeningOf(
  command: string,
  args: string[],
  detached = false,
): Promise<{ child: ChildProcess; baseUrl: string; ms: number; cpuMs: number; rss: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /listening at (\S+)/.exec(out);
      if (url && /loaded in/.test(out)) {
        child.stdout.removeAllListeners('data');
        resolve({ child, baseUrl: url[1], ms: performance.now() - started, cpuMs: cpuMsOf(child), rss: memoryOf(child).rss });
      }
    });
    child.on('exit', (code) => reject(new Error(`exited ${code} before listening: ${out.slice(-300)}`)));
  });
}

async function startOnce(warmUp = true): Promise<Start> {
  const started = performance.now();
  const args = ['out/src/service/main.js', '--port', '0', ...(warmUp ? [] : ['--no-warm-up'])];
  const { child, baseUrl, ms, cpuMs, rss } = await listeningOf(process.execPath, args);
  try {
    const search = await fetch(`${baseUrl}/compounds/v1/filter/name`, {
      method: 'POST',
      headers: { apikey: DEV_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'aspirin' }),
    });
    if (search.status !== 200) throw new Error(`name search: ${search.status}`);
    await search.text();
    const firstAnswer = performance.now() - started;
    const before = performance.now();
    const spectra = await fetch(`${baseUrl}/Spectra.asmx/GetCompoundSpectraInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csid: '1', token: DEV_TOKEN }).toString(),
    });
    if (spectra.status !== 200) throw new Error(`spectra: ${spectra.status}`);
    await spectra.text();
    const firstSpectra = performance.now() - before;
    await idleOf(child);
    const beforeMol = performance.now();
    const mol = await fetch(`${baseUrl}/MassSpecAPI.asmx/GetRecordMol`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csid: '1', calc3d: 'true', token: DEV_TOKEN }).toString(),
    });
    if (mol.status !== 200) throw new Error(`MOL block: ${mol.status}`);
    await mol.text();
    const firstMol = performance.now() - beforeMol;
    const idle = memoryOf(child);
    return { listening: ms, cpuMs, firstAnswer, firstSpectra, firstMol, rssAtListening: rss, rssIdle: idle.rss, peakRss: idle.peak };
  } finally {
    child.kill();
  }
}

async function npmServeListening(): Promise<number> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // npm runs the service as a grandchild: end the whole process group, or the service lives on holding this
  // process's pipes open (and the bench never exits).
  const { child, ms } = await listeningOf(npm, ['run', 'serve', '--silent', '--', '--port', '0'], true);
  const ended = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await ended;
  return ms;
}

(async () => {
  const runs: Start[] = [];
  const npmRuns: number[] = [];
  const coldRuns: Start[] = [];
  for (let i = 0; i < RUNS; i++) {
    runs.push(await startOnce());
    if (i < COLD_RUNS) coldRuns.push(await startOnce(false));
    npmRuns.push(await npmServeListening());
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const row = (label: string, xs: number[]) =>
    console.log(`  ${label.padEnd(50)} median ${median(xs).toFixed(0).padStart(5)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`);
  console.log(
    `Service start-up with the built-in database, ${RUNS} fresh processes each (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores):`,
  );
  row(
    'node cli.js: spawn to listening',
    runs.map((r) => r.listening),
  );
  row(
    'node cli.js: CPU time at listening',
    runs.map((r) => r.cpuMs),
  );
  row(
    'node cli.js: spawn to first answer (budget 2000)',
    runs.map((r) => r.firstAnswer),
  );
  row(
    'first spectra request (reads the index)',
    runs.map((r) => r.firstSpectra),
  );
  row(
    'first MOL block request once idle (background read)',
    runs.map((r) => r.firstMol),
  );
  row(
    '  the same with --no-warm-up (read on the request)',
    coldRuns.map((r) => r.firstMol),
  );
  const mb = (label: string, xs: number[]) =>
    console.log(`  ${label.padEnd(50)} median ${median(xs).toFixed(0).padStart(5)} MB (${xs.map((x) => x.toFixed(0)).join(', ')})`);
  mb(
    'resident memory at listening',
    runs.map((r) => r.rssAtListening),
  );
  mb(
    'resident memory when idle, indexes built (600)',
    runs.map((r) => r.rssIdle),
  );
  mb(
    'peak resident memory (600)',
    runs.map((r) => r.peakRss),
  );
  row('npm run serve: spawn to listening', npmRuns);
})().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
