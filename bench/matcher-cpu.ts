/**
 * CPU per candidate of the substructure matcher the workers run (RDKit's matcher on each record read from its pickle,
 * src/service/search/structure/substructure-matcher.ts), beside RDKit's SubstructLibrary (trusted SMILES, its own screen)
 * over the same records in the same run, one thread each, full scans. The library is the cheaper one for small
 * queries, and it answers differently where hybridization or double-bond stereo count: both are printed.
 */
import type { MainModule, Mol, SubstructLibrary } from '@rdkit/rdkit';
import type { RDKit } from '../src/chemistry/molecule/read';
import type { CompoundRecord } from '../src/service/record';
import { buildSharedIndex } from '../src/service/search/structure/shared-index';
import type { MatcherPool } from '../src/service/search/structure/matcher-pool';
import { fingerprintBatch, IndexView, readQuery, searchIndex } from '../src/service/search/structure/substructure-matcher';

const QUERIES: Array<[string, string, boolean]> = [
  ['*', 'SMARTS', false],
  ['c1ccccc1', 'SMILES', false],
  ['[OX2H]c1ccccc1', 'SMARTS', false],
  ['[CX3](=O)[OX2H1]', 'SMARTS', false],
  ['C1CCC2C(C1)CCC1C2CCC2CCCC12', 'SMILES', false],
  ['[C^3]', 'SMARTS', false],
  ['C/C=C/C', 'SMILES', true],
];
const SHARD = 256;

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export async function matcherCpuPerCandidate(rdkit: MainModule, records: readonly CompoundRecord[]): Promise<void> {
  const sorted = [...records].sort((a, b) => a.id - b.id);
  const rd = rdkit as unknown as RDKit;
  const pool = { fingerprints: async (smiles: string[]) => fingerprintBatch(rd, smiles) } as unknown as MatcherPool;
  const built = await buildSharedIndex(
    pool,
    sorted.map((r) => r.smiles),
    () => false,
  );
  if (!built) return;
  const view = new IndexView(built.shared);
  const shards: SubstructLibrary[] = [];
  for (const r of sorted) {
    const mol = rdkit.get_mol(r.smiles);
    const readable = !!mol?.is_valid();
    mol?.delete();
    if (!readable) continue;
    if (shards.length === 0 || shards[shards.length - 1].size() === SHARD) shards.push(new rdkit.SubstructLibrary());
    shards[shards.length - 1].add_trusted_smiles(r.smiles);
  }
  console.log(`\nMatcher CPU per candidate, full scans of the ${sorted.length} shipped records, one thread each (same run):`);
  console.log('  query                             candidates  pickles (ours)    SubstructLibrary   ratio   matches: ours / library');
  for (const [query, format, useChirality] of QUERIES) {
    const q = (format === 'SMILES' ? rdkit.get_mol(query) : rdkit.get_qmol(query)) as Mol;
    const screen = view.screenOf(q.get_pattern_fp_as_uint8array(JSON.stringify({ nBits: 2048, tautomericFingerprint: false })) as Uint8Array);
    let candidates = 0;
    for (let p = 0; p < view.size; p++) if (view.passes(p, screen)) candidates++;
    let t = cpuMs();
    let ours = 0;
    const task = { query, format: format as 'SMILES' | 'SMARTS', useChirality, maxResults: 1e9, from: 0, deadline: Infinity, sliceEnd: Infinity };
    const read = readQuery(rd, view, task);
    const end = searchIndex(rd, view, read, task, (found) => {
      ours += found.length;
    });
    ours += end.positions.length;
    read.mol.delete();
    const oursMs = cpuMs() - t;
    t = cpuMs();
    let library = 0;
    for (const shard of shards) library += (shard.get_matches_as_uint32array(q, useChirality, 1, 1e9) as Uint32Array).length;
    const libraryMs = cpuMs() - t;
    q.delete();
    const per = (ms: number) => `${((1000 * ms) / Math.max(1, candidates)).toFixed(1).padStart(6)} µs`;
    const name = `${query}${useChirality ? ' (chirality)' : ''}`;
    console.log(
      `  ${name.padEnd(33)} ${String(candidates).padStart(10)}  ${per(oursMs)}         ${per(libraryMs)}        ${(oursMs / libraryMs).toFixed(2).padStart(5)}   ${ours} / ${library}${ours === library ? '' : '  (the library differs)'}`,
    );
  }
  for (const shard of shards) shard.delete();
}
