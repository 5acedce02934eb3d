/**
 * filter/substructure and filter/similarity (shared/beyond-the-spec.md 1): checked like every filter, then run
 * on the structure index through the query engine. A query that does not parse, or is too large, is a 400 naming
 * its field before anything is queued.
 */
import {
  STRUCTURE_LIMITS,
  checkQueryShape,
  checkSimilarityFilter,
  checkSubstructureFilter,
  type SimilarityFilterBody,
  type SubstructureFilterBody,
  type SubstructureFormat,
} from '../../../wire';
import type { CurrentHandler } from './handler';
import type { ServiceContext } from '../../context';
import type { SubstructureQuery } from '../../toolkits/types';
import { assertValid, badField } from '../../http/problem';
import { currentCaller } from '../../http/caller';
import { startAdmitted } from './admitted-query';
import { idsOf, orderRecords } from '../../search/result-order';
import { resolveDataSources } from '../../search/restrict';
import type { CompoundRecord } from '../../record';

/** Undefined when every record is acceptable (the searches skip the check then). */
function acceptIn(sources: Set<string> | undefined): ((r: CompoundRecord) => boolean) | undefined {
  return sources && ((r) => r.dataSources.some((s) => sources.has(s)));
}

/**
 * The query as RDKit reads it (in a toolkit worker, after the linear checks of its shape), or a 400 naming `field`
 * that says which rule it broke. `auto`: SMILES when it reads as SMILES, else SMARTS.
 */
export async function parseStructureQuery(
  ctx: ServiceContext,
  field: string,
  text: string,
  format: SubstructureFormat | 'auto',
): Promise<SubstructureQuery> {
  assertValid(checkQueryShape(field, text));
  const query = await ctx.toolkit.run(field, 'readQuery', text, format);
  if (!query) {
    const hint = format === 'SMILES' ? ' (for a SMARTS pattern set queryFormat to SMARTS)' : '';
    throw badField(
      field,
      `${field} ${JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text)} is not valid ${format === 'auto' ? 'SMILES or SMARTS' : format}: it does not parse${hint}`,
    );
  }
  if (query.atoms === 0 || query.atoms > STRUCTURE_LIMITS.queryAtoms) {
    throw badField(field, `${field} has ${query.atoms} atoms; a structure query has 1 to ${STRUCTURE_LIMITS.queryAtoms}`);
  }
  return query;
}

export const filterSubstructure: CurrentHandler<'filterSubstructure'> = async (ctx, req) => {
  const body = req.body as Partial<SubstructureFilterBody>;
  assertValid(checkSubstructureFilter(body));
  const sources = await resolveDataSources(ctx.store, body.dataSources);
  const query = await parseStructureQuery(ctx, 'query', body.query as string, body.queryFormat ?? 'SMILES');
  // A place in the fair queue now: a full queue is a 503 to this request, not a failed query later.
  const ticket = ctx.structures.admit(currentCaller());
  return startAdmitted(ctx.engine, 'ids', ticket, async () => {
    const found = await ctx.structures.substructure(query, {
      ticket,
      useChirality: body.useChirality === true,
      maxResults: body.maxResults ?? STRUCTURE_LIMITS.substructureMaxResultsDefault,
      timeLimitMs: ctx.structureTimeLimitMs,
      accept: acceptIn(sources),
    });
    return { kind: 'ids', ids: idsOf(orderRecords(found.records, body.orderBy, body.orderDirection)), message: found.stoppedEarly };
  });
};

export const filterSimilarity: CurrentHandler<'filterSimilarity'> = async (ctx, req) => {
  const body = req.body as Partial<SimilarityFilterBody>;
  assertValid(checkSimilarityFilter(body));
  const sources = await resolveDataSources(ctx.store, body.dataSources);
  const smiles = (body.smiles as string).trim();
  await parseStructureQuery(ctx, 'smiles', smiles, 'SMILES');
  const bits = await ctx.toolkit.run('smiles', 'morgan', smiles);
  if (!bits) throw badField('smiles', `smiles ${JSON.stringify(smiles)} is not valid SMILES: it does not parse`);
  const threshold = body.threshold ?? STRUCTURE_LIMITS.similarityThresholdDefault;
  const max = body.maxResults ?? STRUCTURE_LIMITS.similarityMaxResultsDefault;
  const ticket = ctx.structures.admitSimilarity(currentCaller());
  return startAdmitted(ctx.engine, 'ids', ticket, async () => {
    const hits = await ctx.structures.similar(ticket, bits, threshold, max, acceptIn(sources));
    const scoreOf = new Map(hits.map((h) => [h.record.id, h.score]));
    // Similarity order unless the body asks for another one (then ties and the rest go as every filter's).
    const ordered =
      body.orderBy || body.orderDirection
        ? orderRecords(
            hits.map((h) => h.record),
            body.orderBy,
            body.orderDirection,
          )
        : hits.map((h) => h.record);
    const ids = idsOf(ordered);
    return { kind: 'ids', ids, scores: ids.map((id) => scoreOf.get(id) as number) };
  });
};
