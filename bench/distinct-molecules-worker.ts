/**
 * A worker of bench/distinct-molecules.ts (node:worker_threads, its own RDKit): reads each candidate SMILES and
 * answers its canonical SMILES, standard InChI and InChIKey, or nothing where RDKit refuses it. The InChI is most of
 * the cost (about 0.6 ms of 0.9 ms a candidate), so the candidates are spread over one worker per core.
 */
import { serveWorker, workerSender } from '../src/service/workers/worker-loop';
import { loadRDKit } from '../src/service/toolkits/rdkit';
import type { RDKit } from '../src/chemistry/molecule/read';

/** A batch of candidates to read. */
export interface CandidateBatch {
  id: number;
  smiles: string[];
}

/** Per candidate: canonical SMILES, InChI, InChIKey; null where RDKit refused it. */
export interface MoleculeBatch {
  type: 'molecules';
  id: number;
  molecules: Array<[string, string, string] | null>;
}

const send = workerSender<MoleculeBatch>();

function molecule(rdkit: RDKit, smiles: string): [string, string, string] | null {
  let mol;
  try {
    mol = rdkit.get_mol(smiles);
  } catch {
    return null;
  }
  if (!mol) return null;
  try {
    if (!mol.is_valid()) return null;
    const inchi = mol.get_inchi();
    if (!inchi) return null;
    return [mol.get_smiles(), inchi, rdkit.get_inchikey_for_inchi(inchi)];
  } finally {
    mol.delete();
  }
}

serveWorker<RDKit, CandidateBatch>(loadRDKit(), (rdkit, batch) => {
  send({ type: 'molecules', id: batch.id, molecules: batch.smiles.map((s) => molecule(rdkit, s)) });
});
