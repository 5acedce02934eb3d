/**
 * A small collection with known answers, built through the real chemistry (RDKit) from SMILES, so every value a
 * test asserts comes from the same code that builds the shipped collection. IDs, names, datasources and counts
 * are chosen here to make sorting, restriction and name ranking testable.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Chemistry } from '../../../src/service/toolkits';
import type { CompoundRecord } from '../../../src/service/record';
import { tempDir } from '../../support/temp';

interface Entry {
  id: number;
  name: string;
  synonyms?: string[];
  smiles: string;
  sources: string[];
  refs: number;
  articles: number;
  orgs: number;
}

export const FIXTURE: readonly Entry[] = [
  {
    id: 2424,
    name: 'Caffeine',
    synonyms: ['Guaranine', '1,3,7-Trimethylxanthine'],
    smiles: 'CN1C=NC2=C1C(=O)N(C(=O)N2C)C',
    sources: ['Alpha', 'Beta'],
    refs: 50,
    articles: 30,
    orgs: 2,
  },
  {
    id: 2157,
    name: 'Aspirin',
    synonyms: ['Acetylsalicylic acid'],
    smiles: 'CC(=O)OC1=CC=CC=C1C(=O)O',
    sources: ['Alpha'],
    refs: 40,
    articles: 25,
    orgs: 1,
  },
  { id: 236, name: 'Benzene', smiles: 'c1ccccc1', sources: ['Alpha'], refs: 30, articles: 10, orgs: 0 },
  { id: 5044, name: 'Sodium chloride', synonyms: ['Table salt'], smiles: '[Na+].[Cl-]', sources: ['Beta'], refs: 20, articles: 5, orgs: 3 },
  { id: 7000, name: 'Methanol-d3', smiles: '[2H]C([2H])([2H])O', sources: ['Beta'], refs: 1, articles: 0, orgs: 0 },
  { id: 682, name: 'Ethanol', synonyms: ['Ethyl alcohol'], smiles: 'CCO', sources: ['Alpha'], refs: 45, articles: 28, orgs: 4 },
  { id: 5236, name: 'Theobromine', smiles: 'CN1C=NC2=C1C(=O)NC(=O)N2C', sources: ['Alpha'], refs: 12, articles: 8, orgs: 0 },
  { id: 2068, name: 'Theophylline', smiles: 'CN1C2=C(C(=O)N(C1=O)C)NC=N2', sources: ['Beta'], refs: 15, articles: 9, orgs: 1 },
  { id: 171, name: 'Acetic acid', smiles: 'CC(=O)O', sources: ['Alpha'], refs: 35, articles: 20, orgs: 0 },
  { id: 7620, name: 'Chlorobenzene', smiles: 'Clc1ccccc1', sources: ['Alpha'], refs: 5, articles: 2, orgs: 0 },
  {
    id: 30,
    name: 'Potassium acetate',
    synonyms: ['Acetic acid potassium salt'],
    smiles: 'CC(=O)[O-].[K+]',
    sources: ['Beta'],
    refs: 3,
    articles: 1,
    orgs: 0,
  },
  {
    id: 5775,
    name: 'Cholesterol',
    smiles: 'C[C@H](CCCC(C)C)[C@H]1CC[C@@H]2[C@@]1(CC[C@H]3[C@H]2CC=C4[C@@]3(CC[C@@H](C4)O)C)C',
    sources: ['Alpha'],
    refs: 25,
    articles: 18,
    orgs: 0,
  },
  { id: 26, name: 'Iron', smiles: '[Fe]', sources: ['Beta'], refs: 2, articles: 1, orgs: 0 },
  { id: 9001, name: 'Caffeic acid', smiles: 'C1=CC(=C(C=C1C=CC(=O)O)O)O', sources: ['Alpha'], refs: 8, articles: 3, orgs: 0 },
];

export const DATASOURCE_URL: Readonly<Record<string, string>> = {
  Alpha: 'https://alpha.example/',
  Beta: 'https://beta.example/',
};

export function buildFixtureRecords(chemistry: Chemistry): CompoundRecord[] {
  return FIXTURE.map((e) => {
    const f = chemistry.describe(e.smiles);
    if (!f) throw new Error(`fixture SMILES does not parse: ${e.smiles}`);
    const lines = f.mol2D.split('\n');
    lines[0] = String(e.id);
    return {
      id: e.id,
      commonName: e.name,
      synonyms: e.synonyms ?? [],
      ...f,
      xlogp: 0,
      mol3D: lines.join('\n'),
      originalMol: `original of ${e.id}\n${f.mol2D}`,
      dataSources: e.sources,
      externalReferences: e.sources.map((s) => ({
        source: s,
        sourceUrl: DATASOURCE_URL[s],
        externalId: `${s.toLowerCase()}-${e.id}`,
        externalUrl: `${DATASOURCE_URL[s]}compound/${e.id}`,
      })),
      referenceCount: e.refs,
      dataSourceCount: e.sources.length,
      articleCount: e.articles,
      orgCount: e.orgs,
    };
  });
}

export const SPECTRUM_TEXT = '##TITLE=Caffeine calculated isotope pattern\n##JCAMP-DX=5.01\n##DATA TYPE=MASS SPECTRUM\n##END=\n';

/** A spectra folder with two spectra of caffeine and one of aspirin; returns its path. */
export function writeSpectraDir(): string {
  const dir = tempDir('spectra');
  fs.writeFileSync(path.join(dir, 'caffeine-ms.jdx'), SPECTRUM_TEXT);
  fs.writeFileSync(path.join(dir, 'caffeine-ir.jdx'), '##TITLE=Caffeine IR\n##END=\n');
  fs.writeFileSync(path.join(dir, 'aspirin-ms.jdx'), '##TITLE=Aspirin\n##END=\n');
  const index = [
    {
      spc_id: 11,
      spc_type: 'EI',
      csid: 2424,
      file_name: 'caffeine-ms.jdx',
      comments: 'Calculated isotope pattern <not measured> & labelled so',
      submitted_date: '2024-01-02T03:04:05.678',
    },
    { spc_id: 12, spc_type: 'IR', csid: 2424, file_name: 'caffeine-ir.jdx' },
    { spc_id: 20, spc_type: 'EI', csid: 2157, file_name: 'aspirin-ms.jdx', original_url: 'https://alpha.example/spectra/20' },
  ];
  fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify(index));
  return dir;
}
