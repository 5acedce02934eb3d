/**
 * Extension benchmarks (issue 4), the parts measurable outside VS Code:
 * 1. bundle sizes of the production build (dist/extension.js, service.js, webview.js, the .wasm files) and of the
 *    .vsix when `npm run package` has made one;
 * 2. activation: bundle load + activate() with a stand-in `vscode` module, in fresh processes (the integration
 *    suite prints the same figure inside VS Code: `activation time: ... ms`);
 * 3. hover time through the hover core (HoverLookup + the client backend, the code the HoverProvider runs),
 *    uncached (InChIKeys and SMILES alternating: the first 40 hovers after start, and 80 later on once V8 has
 *    optimised the WASM drawing code, with the service's main-thread CPU per hover, a figure less bent by a busy
 *    machine than wall time) and from cache, against dist/service.js in a child process as the extension runs it (the Markdown
 *    assembly of the hover itself needs VS Code's MarkdownString and is not in these figures); and finding the
 *    hover target in a line;
 * 4. the depiction behind the hover's image, in process: its SVG, rasterising and PNG encoding beside resvg's own.
 */
import { Resvg } from '@resvg/resvg-wasm';
import { fork, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CompoundDbClient } from '../src/client';
import { isLocalServiceMessage, type LocalServiceReady } from '../src/wire';
import { clientHoverBackend } from '../src/extension/hover/clientHoverBackend';
import { HoverLookup } from '../src/extension/hover/hoverLookup';
import { findHoverTarget } from '../src/extension/hover/hoverTargets';
import { loadChemistry } from '../src/service/toolkits';
import { encodePng } from '../src/service/toolkits/png';
import { withMol } from '../src/chemistry/molecule/read';
import { loadShippedCollection } from '../src/service/collection/shipped-collection';

const root = path.resolve(__dirname, '..', '..');

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function stats(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return `median ${at(0.5).toFixed(3)} ms, p95 ${at(0.95).toFixed(3)} ms, n=${s.length}`;
}

function bundleSizes(): void {
  const build = spawnSync(process.execPath, ['esbuild.js', '--production'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('production build failed');
  console.log('Bundle sizes (production build):');
  for (const name of ['extension.js', 'service.js', 'webview.js']) {
    console.log(`  dist/${name.padEnd(14)} ${kb(fs.statSync(path.join(root, 'dist', name)).size)}`);
  }
  const parts = fs.readdirSync(path.join(root, 'dist', 'extension-parts')).filter((f) => f.endsWith('.js'));
  const partBytes = parts.reduce((n, f) => n + fs.statSync(path.join(root, 'dist', 'extension-parts', f)).size, 0);
  console.log(`  dist/extension-parts/ ${kb(partBytes)} (${parts.length} files the extension loads on first use)`);
  const wasm = fs.readdirSync(path.join(root, 'dist')).filter((f) => f.endsWith('.wasm'));
  const wasmBytes = wasm.reduce((n, f) => n + fs.statSync(path.join(root, 'dist', f)).size, 0);
  console.log(`  dist/*.wasm          ${kb(wasmBytes)} (${wasm.length} files, chemistry of the local service)`);
  const vsix = path.join(root, 'dist', 'compound-db.vsix');
  if (fs.existsSync(vsix)) console.log(`  dist/compound-db.vsix ${kb(fs.statSync(vsix).size)} (from the last npm run package)`);
}

/** The CPU time of a process's main thread so far, ms (Linux: /proc); NaN where it cannot be read. */
function mainThreadCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime in clock ticks of 10 ms
  } catch {
    return NaN;
  }
}

type Service = { baseUrl: string; mainThreadCpuMs(): number; close(): void };

/** The built-in database as the extension runs it: dist/service.js in a child process, ready when it says so. */
async function forkService(extraArgs: string[] = []): Promise<Service> {
  const child = fork(path.join(root, 'dist', 'service.js'), ['--host', '127.0.0.1', '--port', '0', ...extraArgs], {
    cwd: root,
    execArgv: [],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = await new Promise<LocalServiceReady>((resolve, reject) => {
    child.on('message', (m: unknown) => {
      if (!isLocalServiceMessage(m)) return;
      if (m.type === 'ready') resolve(m);
      else reject(new Error(m.message));
    });
    child.once('exit', (code) => reject(new Error(`service exited ${code}`)));
  });
  return { baseUrl: ready.baseUrl, mainThreadCpuMs: () => mainThreadCpuMs(child.pid ?? 0), close: () => child.kill() };
}

/** Hover texts of records spread over the collection, and uncached hover lookups through the service, timed. */
async function hoverTools(service: Service, client: CompoundDbClient) {
  // Records spread over the collection, InChIKeys and SMILES of different ones: every image is drawn afresh.
  const query = client.query({ kind: 'element', includeElements: ['C'] });
  await query.run();
  const carbon = await query.allIds();
  const hoverTexts = async (offset: number, count: number): Promise<Array<['inchikey' | 'smiles', string]>> => {
    const out: Array<['inchikey' | 'smiles', string]> = [];
    for (const [i, id] of carbon
      .filter((_, i) => i % 97 === offset)
      .slice(0, count)
      .entries()) {
      const c = client.compound(id);
      const text = i % 2 === 0 ? await c.inchiKey() : await c.smiles();
      if (text) out.push([i % 2 === 0 ? 'inchikey' : 'smiles', text]);
    }
    return out;
  };

  // a fresh client per hover: nothing of the first lookup is cached anywhere; InChIKeys and SMILES alternate
  const steps = { find: [] as number[], details: [] as number[], image: [] as number[] };
  const timed = <T>(into: number[], work: Promise<T>): Promise<T> => {
    const t0 = performance.now();
    return work.finally(() => into.push(performance.now() - t0));
  };
  const uncached = async (texts: Array<['inchikey' | 'smiles', string]>) => {
    const times = { inchikey: [] as number[], smiles: [] as number[] };
    for (const list of Object.values(steps)) list.length = 0;
    const cpuBefore = service.mainThreadCpuMs();
    for (const [kind, text] of texts) {
      const fresh = new CompoundDbClient({ baseUrl: service.baseUrl, apiKey: 'compound-db-dev-key' });
      const backend = clientHoverBackend(fresh, 40);
      const lookup = new HoverLookup(async () => ({
        find: (k, t) => timed(steps.find, backend.find(k, t)),
        details: (id) => timed(steps.details, backend.details(id)),
        image: (id) => timed(steps.image, backend.image(id)),
      }));
      const t0 = performance.now();
      const info = await lookup.lookup(kind, text);
      times[kind].push(performance.now() - t0);
      if (!info.imageBase64) throw new Error(`no image in the hover of ${text}`);
    }
    const cpu = service.mainThreadCpuMs() - cpuBefore;
    return { ...times, serviceCpuPerHover: Number.isNaN(cpu) ? 'n/a' : `${(cpu / texts.length).toFixed(1)} ms` };
  };
  return { hoverTexts, uncached, steps };
}

/** Waits until the service's structure index is built (a similarity search waits for the whole index). */
async function indexBuilt(client: CompoundDbClient): Promise<number> {
  const started = performance.now();
  await client.query({ kind: 'similarity', smiles: 'c1ccccc1O' }).run({ maxStatusChecks: 1000 });
  return performance.now() - started;
}

/**
 * The first 40 uncached hovers of fresh services, 5 s after the structure index is built (a user hovering a moment
 * after the extension started), with the service's idle warm-up and with `--no-warm-up`, fresh processes alternating.
 */
async function firstHoversWarmAndCold(): Promise<void> {
  const pairs = 2;
  const got = {
    warm: { inchikey: [] as number[], smiles: [] as number[], cpu: [] as string[] },
    cold: { inchikey: [] as number[], smiles: [] as number[], cpu: [] as string[] },
  };
  for (let i = 0; i < pairs; i++) {
    for (const mode of ['warm', 'cold'] as const) {
      const service = await forkService(mode === 'cold' ? ['--no-warm-up'] : []);
      try {
        const client = new CompoundDbClient({ baseUrl: service.baseUrl, apiKey: 'compound-db-dev-key' });
        await indexBuilt(client);
        const { hoverTexts, uncached } = await hoverTools(service, client);
        const texts = await hoverTexts(5 + i, 40);
        await new Promise((resolve) => setTimeout(resolve, 5000));
        const r = await uncached(texts);
        got[mode].inchikey.push(...r.inchikey);
        got[mode].smiles.push(...r.smiles);
        got[mode].cpu.push(r.serviceCpuPerHover);
      } finally {
        service.close();
      }
    }
  }
  console.log(`\nThe first 40 hovers 5 s after the structure index is built, ${pairs} fresh services each, alternating:`);
  for (const mode of ['warm', 'cold'] as const) {
    const label = mode === 'warm' ? 'with the idle warm-up' : 'with --no-warm-up   ';
    console.log(
      `  ${label} InChIKey ${stats(got[mode].inchikey)}; SMILES ${stats(got[mode].smiles)} (service CPU per hover ${got[mode].cpu.join(', ')})`,
    );
  }
}

async function hoverTimes(): Promise<void> {
  const service = await forkService();
  try {
    const client = new CompoundDbClient({ baseUrl: service.baseUrl, apiKey: 'compound-db-dev-key' });
    // The service builds its structure index a slice at a time after it listens; a request that arrives meanwhile
    // waits for the slice. A similarity search waits for the whole index: hovers are timed after it.
    console.log(`\nStructure index ready ${((await indexBuilt(client)) / 1000).toFixed(1)} s after the service listened`);

    const { hoverTexts, uncached, steps } = await hoverTools(service, client);
    const report = (title: string, r: Awaited<ReturnType<typeof uncached>>) => {
      console.log(`${title} (service main-thread CPU per hover ${r.serviceCpuPerHover}):`);
      console.log(`  InChIKey: ${stats(r.inchikey)}`);
      console.log(`  SMILES:   ${stats(r.smiles)}`);
      console.log(`  its steps: search (submit, status, results) ${stats(steps.find)}`);
      console.log(`             details ${stats(steps.details)}`);
      console.log(`             image (drawn by the service), beside the details ${stats(steps.image)}`);
    };
    console.log('Hover lookup, uncached (identity search, status, results, details, image as base64) through the child-process service:');
    report(
      '  the first 40 hovers at once after the index is built (the warm-up yields to them; V8 may still be optimising)',
      await uncached(await hoverTexts(5, 40)),
    );
    await uncached(await hoverTexts(27, 80)); // more hovers, not reported: V8 finishes optimising the WASM drawing code
    report('  80 hovers later on (steady state)', await uncached(await hoverTexts(50, 80)));
    const firstTexts = await hoverTexts(5, 40);
    const keys = firstTexts.filter(([kind]) => kind === 'inchikey').map(([, text]) => text);
    const smiles = firstTexts.filter(([kind]) => kind === 'smiles').map(([, text]) => text);

    const lookup = new HoverLookup(async () => clientHoverBackend(client, 40));
    for (const k of keys) await lookup.lookup('inchikey', k);
    const cached: number[] = [];
    for (let round = 0; round < 50; round++) {
      for (const k of keys) {
        const t0 = performance.now();
        await lookup.lookup('inchikey', k);
        cached.push(performance.now() - t0);
      }
    }
    console.log(`Hover lookup from cache: ${stats(cached)}`);

    const line = `    "inchikey": "${keys[0]}", "smiles": "${smiles[0]}", "note": "plain words here"`;
    const target: number[] = [];
    for (let i = 0; i < 20000; i++) {
      const t0 = performance.now();
      findHoverTarget(line, (i * 7) % line.length, { inchikey: true, smiles: true });
      target.push(performance.now() - t0);
    }
    console.log(`Finding the hover target in a ${line.length}-character line: ${stats(target)}`);
  } finally {
    service.close();
  }
}

/**
 * The hover's image is mostly the service's depiction: RDKit's SVG, resvg's rasterising, and the PNG encoding,
 * ours (src/service/toolkits/png.ts) beside resvg's own encoder on the same pixels, interleaved.
 */
async function depictionTimes(): Promise<void> {
  const chemistry = await loadChemistry();
  const records = (await loadShippedCollection()).filter((_, i) => i % 97 === 11).slice(0, 80);
  const t = { svg: [] as number[], raster: [] as number[], ours: [] as number[], resvgs: [] as number[] };
  const bytes = { ours: [] as number[], resvgs: [] as number[] };
  for (const [i, record] of records.entries()) {
    let t0 = performance.now();
    const svg = chemistry.unguardedRdkitForTests((rd) => withMol(rd, record.mol2D || record.smiles, (mol) => mol.get_svg(300, 300))) as string;
    t.svg.push(performance.now() - t0);
    t0 = performance.now();
    const resvg = new Resvg(svg, { background: 'white', fitTo: { mode: 'width', value: 300 } });
    const image = resvg.render();
    const pixels = image.pixels;
    t.raster.push(performance.now() - t0);
    const encoders: Array<[keyof typeof bytes, () => Uint8Array]> = [
      ['ours', () => encodePng(pixels, image.width, image.height)],
      ['resvgs', () => image.asPng()],
    ];
    for (const [name, encode] of i % 2 ? encoders.reverse() : encoders) {
      t0 = performance.now();
      const png = encode();
      t[name].push(performance.now() - t0);
      bytes[name].push(png.length);
    }
    image.free();
    resvg.free();
  }
  const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1];
  console.log(`\nDepiction of ${records.length} records at 300 × 300 (in process):`);
  console.log(`  RDKit SVG ${stats(t.svg)}; resvg rasterising ${stats(t.raster)}`);
  console.log(`  PNG encoding, ours: ${stats(t.ours)}, median ${median(bytes.ours)} bytes`);
  console.log(`  PNG encoding, resvg's: ${stats(t.resvgs)}, median ${median(bytes.resvgs)} bytes`);
}

/** Bundle load + activate() in fresh processes with a stand-in `vscode` module (bench/activation-run.ts). */
function activationTimes(): void {
  type Run = { activationMs: number; activationCpuMs: number; outerMs: number; files: number; readBytes: number };
  const runs: Run[] = [];
  for (let i = 0; i < 15; i++) {
    const run = spawnSync(process.execPath, [path.join(__dirname, 'activation-run.js')], { cwd: root, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`activation run failed: ${run.stderr.slice(-500)}`);
    runs.push(JSON.parse(run.stdout) as Run);
  }
  console.log(`\nActivation with a stand-in vscode module, 15 fresh processes (load ${os.loadavg()[0].toFixed(1)}; target 15 ms):`);
  console.log(`  bundle evaluation + activate() (the extension's own figure): ${stats(runs.map((r) => r.activationMs))}`);
  console.log(`  the same spans' CPU time:                                   ${stats(runs.map((r) => r.activationCpuMs))}`);
  console.log(`  with reading and compiling the bundle:                      ${stats(runs.map((r) => r.outerMs))}`);
  console.log(`  bundle files activation read: ${runs[0].files} (dist/extension.js and the parts it needs at once), ${kb(runs[0].readBytes)}`);
}

(async () => {
  bundleSizes();
  activationTimes();
  await hoverTimes();
  await firstHoversWarmAndCold();
  await depictionTimes();
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
