/**
 * Identity levels of filter inchikey, inchi and smiles (shared/beyond-the-spec.md 4), each looser than the one before:
 * `exact` (the standard InChIKey), `connectivity` (its first block: stereo and isotopes aside), `parent` (the parents'
 * first blocks: salts, solvents and counter-ions set aside) and `tautomer` (the parents' canonical tautomers).
 */
import type { FieldError } from './errors';

type Errors = FieldError[];

export const IDENTITY_LEVELS = ['exact', 'connectivity', 'parent', 'tautomer'] as const;
export type IdentityLevel = (typeof IDENTITY_LEVELS)[number];

/** The optional `identity` of a structure filter body. */
export interface IdentityOption {
  identity?: IdentityLevel | null;
}

export function isIdentityLevel(value: unknown): value is IdentityLevel {
  return typeof value === 'string' && (IDENTITY_LEVELS as readonly string[]).includes(value);
}

/** `identity`, when given, is one of IDENTITY_LEVELS. */
export function checkIdentity(value: unknown, errors: Errors = []): Errors {
  if (value !== undefined && value !== null && !isIdentityLevel(value)) {
    errors.push({ field: 'identity', message: `identity must be one of ${IDENTITY_LEVELS.join(', ')}` });
  }
  return errors;
}

/** The levels from `exact` up to `loosest`, in order. */
export function levelsUpTo(loosest: IdentityLevel): IdentityLevel[] {
  return IDENTITY_LEVELS.slice(0, IDENTITY_LEVELS.indexOf(loosest) + 1);
}
