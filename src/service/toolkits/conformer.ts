/**
 * 3D coordinates with openchemlib's ConformerGenerator. openchemlib is a devDependency (used when the shipped
 * collection is built); at run time it may be missing, and then `loadConformerMaker` resolves to undefined.
 */

import { Once } from '../../shared/in-flight';

/** A 3D MOL block (hydrogens added) for a 2D MOL block, or undefined when no conformer was found. */
export type ConformerMaker = (molBlock: string) => string | undefined;

interface OclMolecule {
  addImplicitHydrogens(): void;
  toMolfile(): string;
}
interface Ocl {
  Molecule: { fromMolfile(molfile: string): OclMolecule };
  ConformerGenerator: new (seed: number) => { getOneConformerAsMolecule(mol: OclMolecule): OclMolecule | null };
  Resources: { registerFromNodejs(): void };
}

/** Fixed seed: rebuilding the collection gives the same coordinates. */
const SEED = 20240601;

const maker = new Once<ConformerMaker | undefined>();

export function loadConformerMaker(): Promise<ConformerMaker | undefined> {
  return maker.get(async () => {
    let ocl: Ocl;
    try {
      // ESM-only package: a real dynamic import. The specifier goes through a variable so a bundler leaves it out.
      const specifier = 'openchemlib';
      const module = (await import(specifier)) as { default?: Ocl } & Ocl;
      ocl = module.default ?? module;
      ocl.Resources.registerFromNodejs();
    } catch {
      return undefined;
    }
    return (molBlock: string): string | undefined => {
      try {
        const mol = ocl.Molecule.fromMolfile(molBlock);
        mol.addImplicitHydrogens();
        const conformer = new ocl.ConformerGenerator(SEED).getOneConformerAsMolecule(mol);
        return conformer ? conformer.toMolfile() : undefined;
      } catch {
        return undefined;
      }
    };
  });
}
