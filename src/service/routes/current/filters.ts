/**
 * filter/* submissions of contract 1.4: each checks its body with the validators of src/wire (400 naming the
 * field), resolves what must be known before the search runs (datasources, structures), queues the search
 * and answers with its query ID at once.
 */
import {
  checkElementFilter,
  checkFormulaBatch,
  checkFormulaFilter,
  checkInchi,
  checkInchikey,
  checkIdentity,
  checkIntrinsicProperty,
  checkMassBatch,
  checkMassFilter,
  checkNonEmptyString,
  checkObject,
  checkOrder,
  checkSmiles,
  INTRINSIC_MASS_KEYS,
  type ElementFilterBody,
  type FormulaBatchBody,
  type IdentityLevel,
  type FormulaFilterBody,
  type IntrinsicPropertyBody,
  type MassBatchBody,
  type MassFilterBody,
  type MassWithRange,
  type Ordered,
  type QueryIdResponse,
} from '../../../wire';
import type { CurrentHandler } from './handler';
import type { ServiceContext } from '../../context';
import type { CompoundRecord } from '../../record';
import type { QueryKind, QueryOutcome } from '../../query-engine/query-engine';
import { formulaKey } from '../../../chemistry/formula/parse';
import { idsPage } from '../../store/compound-store';
import { assertValid, badField } from '../../http/problem';
import { idsOf, orderRecords } from '../../search/result-order';
import { inDataSources, resolveDataSources, withOptions } from '../../search/restrict';
import { inchiKeyOfInchi, inchiKeyOfStructure, recordsByInchi } from '../../search/exact-structure';
import { recordsAtLevels, type LevelledRecords, type QueryIdentity } from '../../search/identity-levels';
import { groupedBySkeleton } from '../../search/same-skeleton';

async function submit(ctx: ServiceContext, kind: QueryKind, run: () => Promise<QueryOutcome>): Promise<QueryIdResponse> {
  return { queryId: await ctx.engine.start(kind, run) };
}

function orderedIds(records: readonly CompoundRecord[], order: Ordered, ranked = false): number[] {
  return idsOf(orderRecords(records, order.orderBy, order.orderDirection, ranked));
}

function ids(records: readonly CompoundRecord[], order: Ordered, ranked = false): QueryOutcome {
  return { kind: 'ids', ids: orderedIds(records, order, ranked) };
}

/** Records of a formula (plain search and each batch entry), within the datasources when given. */
async function formulaMatches(ctx: ServiceContext, formula: string, sources: Set<string> | undefined): Promise<CompoundRecord[]> {
  return inDataSources(await ctx.store.byFormula(formula), sources);
}

/** Records whose monoisotopic mass lies within `range` of `mass` (plain search and each batch entry). */
async function massMatches(ctx: ServiceContext, { mass, range }: MassWithRange, sources: Set<string> | undefined): Promise<CompoundRecord[]> {
  return inDataSources(await ctx.store.byMassRange('monoisotopicMass', mass - range, mass + range), sources);
}

function requireFormula(field: string, formula: string): void {
  if (!formulaKey(formula)) throw badField(field, `${field} ${JSON.stringify(formula)} is not a molecular formula`);
}

export const filterElement: CurrentHandler<'filterElement'> = async (ctx, req) => {
  const body = req.body as Partial<ElementFilterBody>;
  assertValid(checkObject('options', body.options, checkElementFilter(body)));
  const include = body.includeElements ?? [];
  const exclude = body.excludeElements ?? [];
  const options = body.options ?? {};
  return submit(ctx, 'ids', async () => {
    // In record-ID order and with no option that reads the records, the IDs come from the index alone.
    if (!options.complexity && !options.isotopic && (body.orderBy ?? 'recordId') === 'recordId') {
      const found = await ctx.store.idsByElements(include, options.includeAll === true, exclude);
      return { kind: 'ids', ids: body.orderDirection === 'descending' ? idsPage(found, 0, found.length).reverse() : found };
    }
    const found = await ctx.store.byElements(include, options.includeAll === true, exclude);
    return ids(withOptions(found, options.complexity, options.isotopic), body);
  });
};

export const filterFormula: CurrentHandler<'filterFormula'> = async (ctx, req) => {
  const body = req.body as Partial<FormulaFilterBody>;
  assertValid(checkFormulaFilter(body));
  requireFormula('formula', body.formula as string);
  const sources = await resolveDataSources(ctx.store, body.dataSources);
  return submit(ctx, 'ids', async () => ids(await formulaMatches(ctx, body.formula as string, sources), body));
};

export const filterFormulaBatch: CurrentHandler<'filterFormulaBatch'> = async (ctx, req) => {
  const body = req.body as Partial<FormulaBatchBody>;
  assertValid(checkFormulaBatch(body));
  const formulas = body.formulas as string[];
  formulas.forEach((f, i) => requireFormula(`formulas[${i}]`, f));
  const sources = await resolveDataSources(ctx.store, body.dataSources);
  return submit(ctx, 'formulaBatch', async () => {
    const entries = [];
    for (const formula of formulas) {
      entries.push({ formula, results: orderedIds(await formulaMatches(ctx, formula, sources), body) });
    }
    return { kind: 'formulaBatch', entries };
  });
};

export const filterInchi: CurrentHandler<'filterInchi'> = async (ctx, req) => {
  const { inchi, identity } = req.body;
  assertValid(checkIdentity(identity, checkInchi('inchi', inchi)));
  const text = (inchi as string).trim();
  const key = await inchiKeyOfInchi(ctx, 'inchi', text);
  if (!key && (await ctx.store.getByInchi(text)).length === 0) throw badField('inchi', 'inchi is not a valid InChI: its structure cannot be read');
  // The library hashes an InChI cut at a layer boundary (no /h layer) into another compound's key: an InChI that no
  // record holds must give back a structure whose InChI is itself.
  if (key && (await ctx.store.getByInchiKey(key)).length === 0 && !(await ctx.toolkit.run('inchi', 'molFromInchi', text))) {
    throw badField('inchi', 'inchi is not a valid InChI: it does not describe a whole structure (cut short, or a layer is damaged)');
  }
  if (!identity) return submit(ctx, 'ids', async () => ids(await recordsByInchi(ctx, 'inchi', text, key), {}));
  return submit(ctx, 'ids', async () => {
    const exact = await recordsByInchi(ctx, 'inchi', text, key);
    const query = await withStructureKeys(ctx, 'inchi', { inchiKey: key ?? exact[0].inchiKey }, text);
    return levelled(await recordsAtLevels(ctx, query, identity as IdentityLevel, exact));
  });
};

export const filterInchikey: CurrentHandler<'filterInchikey'> = async (ctx, req) => {
  const key = typeof req.body.inchikey === 'string' ? req.body.inchikey.trim() : req.body.inchikey;
  const identity = req.body.identity;
  assertValid(checkIdentity(identity, checkInchikey('inchikey', key)));
  if (!identity) return submit(ctx, 'ids', async () => ids(await ctx.store.getByInchiKey(key as string), {}));
  return submit(ctx, 'ids', async () => levelled(await recordsAtLevels(ctx, { inchiKey: (key as string).toUpperCase() }, identity as IdentityLevel)));
};

export const filterSmiles: CurrentHandler<'filterSmiles'> = async (ctx, req) => {
  const { smiles, identity } = req.body;
  assertValid(checkIdentity(identity, checkSmiles('smiles', smiles)));
  const text = (smiles as string).trim();
  if (!identity) {
    const key = await inchiKeyOfStructure(ctx, 'smiles', text);
    if (!key) throw badField('smiles', 'smiles is not a valid SMILES: it does not parse');
    return submit(ctx, 'ids', async () => ids(await ctx.store.getByInchiKey(key), {}));
  }
  const query = await ctx.toolkit.run('smiles', 'identityOf', text);
  if (!query) throw badField('smiles', 'smiles is not a valid SMILES: it does not parse');
  return submit(ctx, 'ids', async () => levelled(await recordsAtLevels(ctx, query, identity as IdentityLevel)));
};

function levelled(found: LevelledRecords): QueryOutcome {
  return { kind: 'ids', ids: idsOf(found.records), matchLevels: found.levels };
}

/** An InChI's parent and tautomer keys, from the structure Indigo reads from it, when it reads one. */
async function withStructureKeys(ctx: ServiceContext, field: string, query: QueryIdentity, inchi: string): Promise<QueryIdentity> {
  if (query.parentKey) return query;
  const block = await ctx.toolkit.run(field, 'molFromInchi', inchi);
  const keys = block ? await ctx.toolkit.run(field, 'identityOf', block) : undefined;
  return keys ? { ...keys, inchiKey: query.inchiKey } : query;
}

export const filterName: CurrentHandler<'filterName'> = async (ctx, req) => {
  const body = req.body as { name?: unknown } & Ordered;
  const errors = checkNonEmptyString('name', body.name);
  assertValid(checkOrder(body, errors));
  return submit(ctx, 'ids', async () => {
    const found = await ctx.store.byName(body.name as string);
    // Relevance order (shared/beyond-the-spec.md 4) unless `orderBy` asks for another; records that differ only in
    // stereo one of them leaves undefined come together, as one skeleton.
    return ids(await groupedBySkeleton(ctx, found), body, true);
  });
};

export const filterMass: CurrentHandler<'filterMass'> = async (ctx, req) => {
  const body = req.body as Partial<MassFilterBody>;
  assertValid(checkMassFilter(body));
  const sources = await resolveDataSources(ctx.store, body.dataSources);
  const { mass, range } = body as MassWithRange;
  return submit(ctx, 'ids', async () => ids(await massMatches(ctx, { mass, range }, sources), body));
};

export const filterMassBatch: CurrentHandler<'filterMassBatch'> = async (ctx, req) => {
  const body = req.body as Partial<MassBatchBody>;
  assertValid(checkMassBatch(body));
  const sources = await resolveDataSources(ctx.store, body.dataSources);
  const masses = (body.masses as MassWithRange[]).map(({ mass, range }) => ({ mass, range }));
  return submit(ctx, 'massBatch', async () => {
    const entries = [];
    for (const m of masses) entries.push({ ...m, results: orderedIds(await massMatches(ctx, m, sources), body) });
    return { kind: 'massBatch', entries };
  });
};

export const filterIntrinsicProperty: CurrentHandler<'filterIntrinsicProperty'> = async (ctx, req) => {
  const body = req.body as Partial<IntrinsicPropertyBody>;
  assertValid(checkObject('options', body.options, checkIntrinsicProperty(body)));
  const formula = typeof body.formula === 'string' && body.formula.trim() !== '' ? body.formula : undefined;
  if (formula) requireFormula('formula', formula);
  const masses = INTRINSIC_MASS_KEYS.flatMap((kind) => {
    const m = body[kind];
    return m ? [{ kind, lo: m.mass - m.range, hi: m.mass + m.range }] : [];
  });
  const options = body.options ?? {};
  return submit(ctx, 'ids', async () => {
    // Start from the formula index when there is a formula, else from the first mass range; check the rest per record.
    let found = formula ? await ctx.store.byFormula(formula) : await ctx.store.byMassRange(masses[0].kind, masses[0].lo, masses[0].hi);
    found = found.filter((r) => masses.every((m) => r[m.kind] >= m.lo && r[m.kind] <= m.hi));
    return ids(withOptions(found, options.complexity, options.isotopic), body);
  });
};
