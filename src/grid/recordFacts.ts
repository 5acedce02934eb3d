/**
 * A record's computed columns (formula, weight, monoisotopic mass) from its composition, and the reading of them
 * without a toolkit: the editors' indexer (in the extension host) reads every plain MOL block this way as it walks
 * the file, the grid's toolkit worker the records it was left (with RDKit for what the plain reader refuses). One
 * function each, so both give the same values.
 */
import { hillFormula, mfParserFormula, type Composition } from '../chemistry/formula/composition';
import { massesOf } from '../chemistry/formula/masses';
import { plainMolComposition } from '../chemistry/formula/plain-molblock';
import { isRdkitJsonText, structureSize, structureSizeProblem } from '../wire/structure-size';
import { RECORD_SIZE_LIMITS } from './recordIndex';

export interface Facts {
  formula?: string;
  mw?: number;
  mass?: number;
}

export function factsOf(composition: Composition): Facts {
  const masses = massesOf(mfParserFormula(composition));
  return { formula: hillFormula(composition), mw: masses?.averageMass, mass: masses?.monoisotopicMass };
}

/** Why a record is refused before any reading: too many atoms, bonds or parts (a linear count of its text). */
export function recordSizeProblem(text: string): string | undefined {
  if (!text.trim()) return 'Empty record.';
  const written = isRdkitJsonText(text) || text.includes('\n');
  // A SMILES line's name (after the first space) is no part of the structure.
  const counted = written ? structureSize('Mol', text) : structureSize('SMILES', text.trimStart().split(/\s/, 1)[0]);
  const tooBig = structureSizeProblem(counted, RECORD_SIZE_LIMITS, written);
  return tooBig && `This record ${tooBig}.`;
}

/** The facts of a plain V2000 MOL block (or an SDF record starting with one) read without a toolkit; undefined when the plain reader refuses it. */
export function plainMolFacts(text: string): Facts | undefined {
  if (!text.includes('\n') || recordSizeProblem(text)) return undefined;
  const composition = plainMolComposition(text);
  return composition && factsOf(composition);
}
