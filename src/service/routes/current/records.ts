/** records/* and lookups/* routes of contract 1.4. */
import { LIMITS, checkRecordIds, checkStringList, type DetailsBatchResponse } from '../../../wire';
import type { CurrentHandler } from './handler';
import { parseFields, parseRecordId, recordOr404, toRecordDetails } from './record-details';
import { assertValid, badField, ProblemError } from '../../http/problem';
import { highlightedPng } from './highlight';

function commaList(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export const getDetails: CurrentHandler<'getDetails'> = async (ctx, req) => {
  const record = await recordOr404(ctx, parseRecordId(req.params.recordId));
  return toRecordDetails(record, parseFields(commaList(req.query.get('fields'))));
};

export const getDetailsBatch: CurrentHandler<'getDetailsBatch'> = async (ctx, req) => {
  const ids = req.body.recordIds;
  assertValid(checkRecordIds('recordIds', ids));
  if ((ids as unknown[]).length > LIMITS.detailsBatch) {
    throw badField('recordIds', `recordIds has ${(ids as unknown[]).length} IDs; at most ${LIMITS.detailsBatch} are allowed per request`);
  }
  const fields = parseFields(req.body.fields);
  const out: DetailsBatchResponse = { records: [] };
  for (const id of new Set((ids as Array<number | string>).map(Number))) {
    const record = await ctx.store.getById(id);
    if (record) out.records.push(toRecordDetails(record, fields));
  }
  return out;
};

export const getExternalReferences: CurrentHandler<'getExternalReferences'> = async (ctx, req) => {
  const record = await recordOr404(ctx, parseRecordId(req.params.recordId));
  const asked = commaList(req.query.get('dataSources'));
  assertValid(checkStringList('dataSources', asked));
  const wanted = asked.map((s) => s.toLowerCase());
  const refs = wanted.length ? record.externalReferences.filter((r) => wanted.includes(r.source.toLowerCase())) : record.externalReferences;
  return { externalReferences: refs.map((r) => ({ ...r })) };
};

export const getImage: CurrentHandler<'getImage'> = async (ctx, req) => {
  const record = await recordOr404(ctx, parseRecordId(req.params.recordId));
  const highlight = req.query.get('highlight');
  const png = highlight ? await highlightedPng(ctx, record, highlight, req.query.get('highlightFormat')) : ctx.images.png(record);
  if (!png) throw new ProblemError(500, `The structure of record ${record.id} cannot be drawn.`);
  return { image: png.toString('base64') };
};

export const getMol: CurrentHandler<'getMol'> = async (ctx, req) => {
  const record = await recordOr404(ctx, parseRecordId(req.params.recordId));
  return { sdf: record.mol2D };
};

export const getDatasources: CurrentHandler<'getDatasources'> = async (ctx) => ({ dataSources: await ctx.store.dataSources() });
