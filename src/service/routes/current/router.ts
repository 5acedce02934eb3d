/**
 * The current interface: `/compounds/{version}/{namespace}/{endpoint}` (contract 1). Order of checks: unknown
 * endpoint 404, wrong method 405 (with Allow), missing or wrong `apikey` 401, over budget 429 (Retry-After),
 * body over 1 MiB 413, bad JSON 400, then the route.
 */
import type { IncomingMessage, ServerResponse } from 'http';
import { CURRENT_ROUTES, DEFAULT_API_VERSION, routeMatcher, type CurrentOperation } from '../../../wire';
import type { ServiceContext } from '../../context';
import type { CurrentHandler, CurrentRequest } from './handler';
import { ProblemError, badField, notFound } from '../../http/problem';
import { asCaller, callerOf } from '../../http/caller';
import { QueueFull } from '../../workers/work-queue';
import { ServiceClosing, ToolkitTimeLimit } from '../../toolkits/bounded-toolkit';
import { decodeSegment } from '../../http/decode';
import { BodyTooLarge, ClientGone, hasBody, noteClientGone, parseJsonObject, payloadTooLarge, readBody } from '../../http/body';
import { sendJson, sendProblem } from '../../http/respond';
import { StoreUnavailableError } from '../../store/unavailable';
import { ToolkitUnavailable } from '../../toolkits/toolkit-guard';
import { QueryStoreFull } from '../../query-engine/query-engine';
import * as records from './records';
import * as filters from './filters';
import * as queries from './queries';
import * as tools from './tools';
import * as structureFilters from './structure-filters';
import { filterSpectrum, filterSpectrumBatch } from './spectrum-filter';

const HANDLERS: { readonly [Op in CurrentOperation]: CurrentHandler<Op> } = {
  getDetails: records.getDetails,
  getDetailsBatch: records.getDetailsBatch,
  getExternalReferences: records.getExternalReferences,
  getImage: records.getImage,
  getMol: records.getMol,
  getDatasources: records.getDatasources,
  filterElement: filters.filterElement,
  filterFormula: filters.filterFormula,
  filterFormulaBatch: filters.filterFormulaBatch,
  filterFormulaBatchStatus: queries.filterFormulaBatchStatus,
  filterFormulaBatchResults: queries.filterFormulaBatchResults,
  filterInchi: filters.filterInchi,
  filterInchikey: filters.filterInchikey,
  filterIntrinsicProperty: filters.filterIntrinsicProperty,
  filterMass: filters.filterMass,
  filterMassBatch: filters.filterMassBatch,
  filterMassBatchStatus: queries.filterMassBatchStatus,
  filterMassBatchResults: queries.filterMassBatchResults,
  filterName: filters.filterName,
  filterSmiles: filters.filterSmiles,
  filterStatus: queries.filterStatus,
  filterResults: queries.filterResults,
  filterResultsSdf: queries.filterResultsSdf,
  convert: tools.convertRoute,
  validateInchikey: tools.validateInchikey,
  suggestNames: tools.suggestNames,
  filterSubstructure: structureFilters.filterSubstructure,
  filterSimilarity: structureFilters.filterSimilarity,
  filterSpectrum,
  filterSpectrumBatch,
  filterSpectrumBatchStatus: queries.filterSpectrumBatchStatus,
  filterSpectrumBatchResults: queries.filterSpectrumBatchResults,
};

/** Which operations use the chemistry toolkits (and so wait for them on a service just started); the rest never do. */
const USES_CHEMISTRY: { readonly [Op in CurrentOperation]: boolean } = {
  getDetails: false,
  getDetailsBatch: false,
  getExternalReferences: false,
  getImage: true,
  getMol: false,
  getDatasources: false,
  filterElement: false,
  filterFormula: false,
  filterFormulaBatch: false,
  filterFormulaBatchStatus: false,
  filterFormulaBatchResults: false,
  filterInchi: false, // search/structure.ts waits for it when no record holds the exact InChI
  filterInchikey: false,
  filterIntrinsicProperty: false,
  filterMass: false,
  filterMassBatch: false,
  filterMassBatchStatus: false,
  filterMassBatchResults: false,
  filterName: false,
  filterSmiles: false, // the same for SMILES
  filterStatus: false,
  filterResults: false,
  filterResultsSdf: false,
  convert: false, // its toolkit calls run in the toolkit workers (ctx.toolkit), an InChIKey is a lookup
  validateInchikey: true,
  filterSubstructure: false, // the query is read in a toolkit worker and searched by the structure index's workers
  filterSimilarity: false, // the same: a toolkit worker reads it and makes its fingerprint
  suggestNames: false,
  filterSpectrum: false,
  filterSpectrumBatch: false,
  filterSpectrumBatchStatus: false,
  filterSpectrumBatchResults: false,
};

type Route = { op: CurrentOperation; route: (typeof CURRENT_ROUTES)[CurrentOperation]; match: ReturnType<typeof routeMatcher> };

/** The routes by segment count and first segment (always a literal): a request tries a handful of matchers, not all. */
const ROUTES = new Map<string, Route[]>();
for (const [op, route] of Object.entries(CURRENT_ROUTES) as Array<[CurrentOperation, Route['route']]>) {
  const key = bucketOf(route.path);
  ROUTES.set(key, [...(ROUTES.get(key) ?? []), { op, route, match: routeMatcher(route.path) }]);
}

function bucketOf(path: string): string {
  const slash = path.indexOf('/');
  let segments = 1;
  for (let i = slash; i !== -1; i = path.indexOf('/', i + 1)) segments++;
  return `${segments}:${(slash === -1 ? path : path.slice(0, slash)).toLowerCase()}`;
}

/** Handles a request whose path starts with `/compounds/`. */
export async function handleCurrent(ctx: ServiceContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  try {
    const m = /^\/compounds\/([^/]+)\/(.+)$/.exec(url.pathname);
    if (!m || m[1] !== DEFAULT_API_VERSION) throw notFound(`No endpoint at ${url.pathname}.`);
    const rest = m[2].replace(/\/$/, '');
    const matches = matchRoutes(rest);
    if (matches.length === 0) throw notFound(`No endpoint at ${url.pathname}.`);
    const hit = matches.find((x) => x.route.method === req.method);
    if (!hit) {
      const allow = [...new Set(matches.map((x) => x.route.method))].join(', ');
      throw new ProblemError(405, `${req.method} is not allowed here; use ${allow}.`, undefined, { Allow: allow });
    }
    const apiKey = req.headers.apikey;
    if (typeof apiKey !== 'string' || !ctx.credentials.isApiKey(apiKey)) {
      throw new ProblemError(401, apiKey ? 'The API key is not valid.' : 'The request has no API key (header `apikey`).');
    }
    const caller = callerOf(apiKey);
    const wait = ctx.rateLimiter.enabled ? ctx.rateLimiter.take(caller) : 0;
    if (wait > 0) {
      throw new ProblemError(429, `Too many requests for this API key; try again in ${wait} s.`, undefined, { 'Retry-After': String(wait) });
    }
    let body: Record<string, unknown> = {};
    try {
      // A request that declares no body (every GET a client sends) has nothing to wait for.
      const bytes = hasBody(req) ? await readBody(req) : undefined;
      if (hit.route.method === 'POST') body = parseJsonObject(bytes ?? Buffer.alloc(0));
    } catch (err) {
      if (err instanceof BodyTooLarge) throw payloadTooLarge();
      if (err instanceof ClientGone) return noteClientGone(ctx, req, res);
      throw err;
    }
    if (USES_CHEMISTRY[hit.op]) await ctx.chemistryReady();
    const handler = HANDLERS[hit.op] as CurrentHandler<CurrentOperation>;
    const result = await asCaller(caller, () => handler(ctx, { params: hit.params, query: url.searchParams, body: body as CurrentRequest['body'] }));
    sendJson(res, result);
  } catch (err) {
    sendProblem(res, toProblem(ctx, err));
  }
}

function matchRoutes(rest: string) {
  // A segment that is not valid percent-encoded UTF-8 stands as U+FFFD, so the route's own check names its field.
  const path = rest.includes('%')
    ? rest
        .split('/')
        .map((s) => (decodeSegment(s) === undefined ? '%EF%BF%BD' : s))
        .join('/')
    : rest;
  return (ROUTES.get(bucketOf(path)) ?? []).flatMap(({ op, route, match }) => {
    const params = match(path);
    return params ? [{ op, route, params }] : [];
  });
}

function toProblem(ctx: ServiceContext, err: unknown): ProblemError {
  if (err instanceof ProblemError) return err;
  if (err instanceof StoreUnavailableError) {
    return new ProblemError(503, `${err.message} Try again in ${err.retryAfterSeconds} s.`, undefined, {
      'Retry-After': String(err.retryAfterSeconds),
    });
  }
  if (err instanceof QueryStoreFull) {
    return new ProblemError(503, `Too many searches are running; try again in ${err.retryAfterSeconds} s.`, undefined, {
      'Retry-After': String(err.retryAfterSeconds),
    });
  }
  if (err instanceof QueueFull) return new ProblemError(503, err.message, undefined, { 'Retry-After': String(err.retryAfterSeconds) });
  if (err instanceof ToolkitTimeLimit) return badField(err.field, err.message);
  if (err instanceof ToolkitUnavailable)
    return new ProblemError(503, 'The chemistry toolkit is restarting; try again in a second.', undefined, { 'Retry-After': '1' });
  if (err instanceof ServiceClosing) return new ProblemError(503, err.message);
  ctx.log(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return new ProblemError(500, 'The server met an error it did not expect.');
}
