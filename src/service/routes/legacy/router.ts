/**
 * The older interface: `/{Family}.asmx/{Operation}` with form or query fields (contract 2), and the two
 * `.ashx` handlers. Failures are HTTP 500 with the plain-text bodies of LEGACY_ERROR_TEXT.
 */
import type { IncomingMessage, ServerResponse } from 'http';
import { LEGACY_ERROR_TEXT, findLegacyRoute, type LegacyRoute } from '../../../wire';
import type { ServiceContext } from '../../context';
import { BodyTooLarge, ClientGone, noteClientGone, readBody } from '../../http/body';
import { decodeSegment } from '../../http/decode';
import { send, sendText, sendXml } from '../../http/respond';
import { StoreUnavailableError } from '../../store/unavailable';
import { LegacyError } from './legacy-error';
import { ToolkitUnavailable } from '../../toolkits/toolkit-guard';
import { QueryStoreFull } from '../../query-engine/query-engine';
import { asCaller, callerOf } from '../../http/caller';
import { QueueFull } from '../../workers/work-queue';
import { ServiceClosing, ToolkitTimeLimit } from '../../toolkits/bounded-toolkit';
import { LegacyParams } from './params';
import { LEGACY_HANDLERS } from './handlers';
import { xmlDocument } from './xml';
import { streamAllSpectraInfo, wantsWholeList } from './spectra-stream';

const ASMX = /^\/([^/]+)\.asmx\/([^/]+)\/?$/i;

export function isLegacyPath(pathname: string): boolean {
  return ASMX.test(pathname);
}

async function paramsOf(req: IncomingMessage, url: URL): Promise<LegacyParams> {
  let bytes: Buffer;
  try {
    bytes = await readBody(req);
  } catch (err) {
    if (err instanceof BodyTooLarge) throw new LegacyError('Request body too large.', 413);
    throw err;
  }
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  const form = req.method === 'POST' && (type === '' || type.startsWith('application/x-www-form-urlencoded'));
  return new LegacyParams(url.searchParams, form ? new URLSearchParams(bytes.toString('utf8')) : new URLSearchParams());
}

/** The caller (the token's hash; `anonymous` for token-free methods), or a LegacyError. */
function checkToken(ctx: ServiceContext, route: LegacyRoute, p: LegacyParams): string {
  if (route.token === 'none') return 'anonymous';
  const token = p.optional('token');
  if (!token) throw new LegacyError(LEGACY_ERROR_TEXT.missingToken);
  const role = ctx.credentials.roleOf(token);
  if (!role || (route.token === 'subscriber' && role !== 'subscriber')) throw new LegacyError(LEGACY_ERROR_TEXT.unauthorized);
  const caller = `token:${callerOf(token)}`;
  const wait = ctx.rateLimiter.take(caller);
  if (wait > 0) throw new LegacyError(`Too many requests for this security token; try again in ${wait} s.`, 429, { 'Retry-After': String(wait) });
  return caller;
}

export async function handleLegacy(ctx: ServiceContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  try {
    const m = ASMX.exec(url.pathname) as RegExpExecArray;
    const found = findLegacyRoute(decodeSegment(m[1]) ?? m[1], decodeSegment(m[2]) ?? m[2]);
    if (!found) throw new LegacyError(`Unknown web method ${m[1]}.asmx/${m[2]}.`, 404);
    if (req.method !== 'GET' && req.method !== 'POST') {
      sendText(res, 405, `${req.method} is not allowed; use GET or POST.`, { Allow: 'GET, POST' });
      return;
    }
    const [op, route] = found;
    const p = await paramsOf(req, url);
    const caller = checkToken(ctx, route, p);
    if (op === 'getAllSpectraInfo' && wantsWholeList(p)) return await streamAllSpectraInfo(ctx, req, res);
    sendXml(res, xmlDocument(await asCaller(caller, () => LEGACY_HANDLERS[op](ctx, p))));
  } catch (err) {
    sendLegacyError(ctx, req, res, err);
  }
}

function sendLegacyError(ctx: ServiceContext, req: IncomingMessage, res: ServerResponse, err: unknown): void {
  if (err instanceof ClientGone) {
    noteClientGone(ctx, req, res);
    return;
  }
  if (err instanceof LegacyError) {
    sendText(res, err.status, err.text, err.headers);
    return;
  }
  if (err instanceof StoreUnavailableError) {
    sendText(res, 503, `${err.message} Try again in ${err.retryAfterSeconds} s.`, { 'Retry-After': String(err.retryAfterSeconds) });
    return;
  }
  if (err instanceof QueryStoreFull) {
    sendText(res, 503, `Too many searches are running; try again in ${err.retryAfterSeconds} s.`, { 'Retry-After': String(err.retryAfterSeconds) });
    return;
  }
  if (err instanceof QueueFull) {
    sendText(res, 503, err.message, { 'Retry-After': String(err.retryAfterSeconds) });
    return;
  }
  if (err instanceof ToolkitTimeLimit) {
    sendText(res, 400, `${err.message}.`);
    return;
  }
  if (err instanceof ToolkitUnavailable) {
    sendText(res, 503, 'The chemistry toolkit is restarting; try again in a second.', { 'Retry-After': '1' });
    return;
  }
  if (err instanceof ServiceClosing) {
    sendText(res, 503, err.message);
    return;
  }
  ctx.log(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  sendText(res, 500, 'The server met an error it did not expect.');
}

/** `ImagesHandler.ashx?id={recordId}`: the record's PNG (no token). */
export async function handleImage(ctx: ServiceContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  try {
    onlyGet(req);
    const p = new LegacyParams(url.searchParams);
    const id = p.recordId('id');
    const record = await ctx.store.getById(id);
    if (!record) throw new LegacyError(`No record has ID ${id}.`, 404);
    const png = ctx.images.png(record);
    if (!png) throw new LegacyError(`Unable to draw record ${id}`);
    send(res, 200, 'image/png', png);
  } catch (err) {
    sendLegacyError(ctx, req, res, err);
  }
}

/** `FilesHandler.ashx?type=blob&disp=1&id={spc_id}`: the spectrum's data file (no token). */
export async function handleFile(ctx: ServiceContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  try {
    onlyGet(req);
    const p = new LegacyParams(url.searchParams);
    const id = p.int('id');
    const info = await ctx.spectra.get(id);
    const data = info && (await ctx.spectra.readData(id));
    if (!info || data === undefined) throw new LegacyError(`No spectrum has ID ${id}.`, 404);
    const name = info.file_name.replace(/[^\w.-]/g, '_') || `spectrum-${id}`;
    const type = /\.(jdx|dx|jcamp)$/i.test(name) ? 'chemical/x-jcamp-dx' : 'application/octet-stream';
    const disposition = p.optional('disp') === '1' ? 'attachment' : 'inline';
    send(res, 200, type, data, { 'Content-Disposition': `${disposition}; filename="${name}"` });
  } catch (err) {
    sendLegacyError(ctx, req, res, err);
  }
}

function onlyGet(req: IncomingMessage): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') throw new LegacyError(`${req.method} is not allowed; use GET.`, 405, { Allow: 'GET, HEAD' });
}
