/**
 * `GetAllSpectraInfo` without `start` and `count`: the whole list, as the original service and its older clients
 * expect (issue 27), written a page at a time so the service never holds the whole document (83,000 infos are about
 * 40 MB of XML), gzip-compressed when the client accepts it, and waiting for the client to read each piece.
 */
import type { IncomingMessage, ServerResponse } from 'http';
import { createGzip } from 'zlib';
import { once } from 'events';
import { LIMITS } from '../../../wire';
import type { ServiceContext } from '../../context';
import { spectrumInfoElement } from './compound-xml';
import { xmlStream } from './xml';

const ROOT = 'ArrayOfCSSpectrumInfo';

/** True when the request asks for no page (neither `start` nor `count`). */
export function wantsWholeList(fields: { optional(name: string): string | undefined }): boolean {
  return fields.optional('start') === undefined && fields.optional('count') === undefined;
}

export async function streamAllSpectraInfo(ctx: ServiceContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const total = await ctx.spectra.count();
  const gzip = /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''));
  res.writeHead(200, {
    'Content-Type': 'text/xml; charset=utf-8',
    'Cache-Control': 'no-store',
    Vary: 'Accept-Encoding',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
  });
  const sink = gzip ? createGzip() : res;
  if (gzip) sink.pipe(res);
  // One listener for the client going away, shared by every wait for the socket to drain.
  const closed = once(res, 'close').then(() => {
    throw new Error('the client went away');
  });
  closed.catch(() => undefined);
  const put = async (text: string): Promise<void> => {
    if (res.destroyed) throw new Error('the client went away');
    if (!sink.write(text)) await Promise.race([once(sink, 'drain'), closed]);
  };
  try {
    await put(xmlStream.start(ROOT));
    for (let start = 0; start < total; start += LIMITS.spectraInfoPage) {
      const page = await ctx.spectra.page(start, LIMITS.spectraInfoPage);
      await put(xmlStream.children(page.map((info) => spectrumInfoElement(info))));
    }
    await put(xmlStream.end(ROOT));
    sink.end();
  } catch (error) {
    // Headers are out: the client sees a cut answer, never a document that looks whole.
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}
