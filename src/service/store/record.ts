/**
 * One compound of the local service's collection: everything its routes serve, computed once when the
 * collection is built (scripts/build-data.mjs) or when a user's SDF is loaded, never per request.
 * The structure's own facts (identifiers, formula, masses, 2D MOL, elements, parts, metal, isotopes) are those of
 * StructureFacts; the rest comes from the sources.
 */
import type { ExternalReference } from '../../wire';
import type { StructureFacts } from './structure-facts';

export interface CompoundRecord extends StructureFacts {
  id: number;
  commonName: string;
  /** Other names, for name search (lower-cased matching happens in the index, not here). */
  synonyms: string[];
  /** XLogP of the older interface: not computed (0), see README. ALogP is StructureFacts.alogp. */
  xlogp: number;
  /** First line is the record ID (contract 1.3). */
  mol3D: string;
  /** The MOL block exactly as first loaded from its source. */
  originalMol: string;
  /** Names of the datasources holding the record (each source file or library is one). */
  dataSources: string[];
  externalReferences: ExternalReference[];
  referenceCount: number;
  dataSourceCount: number;
  articleCount: number;
  orgCount: number;
}
