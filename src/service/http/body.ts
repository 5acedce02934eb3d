/** Reading request bodies within LIMITS.bodyBytes (413 past it) and parsing JSON and form bodies. */
import type { IncomingMessage, ServerResponse } from 'http';
import { LIMITS } from '../../wire';
import { ProblemError, badField } from './problem';

/** Past this many bytes a body is not even drained: the connection is dropped. */
const DRAIN_LIMIT = 64 * LIMITS.bodyBytes;

export class BodyTooLarge extends Error {}

/** The client closed its connection before the body was complete: nobody is left to answer. */
export class ClientGone extends Error {}

/** Whether the request carries a body: a length above zero or a chunked transfer (RFC 9112 6.3). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * The whole body, or BodyTooLarge once it passes `limit`. The rest is drained (up to a bound) so the
 * caller can still read a 413 answer instead of a reset connection.
 */
export function readBody(req: IncomingMessage, limit = LIMITS.bodyBytes): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number.isFinite(declared) && declared > limit;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (size > DRAIN_LIMIT) req.destroy();
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => (tooLarge ? reject(new BodyTooLarge()) : resolve(Buffer.concat(chunks))));
    const gone = () => reject(tooLarge ? new BodyTooLarge() : new ClientGone());
    req.on('error', gone);
    req.on('close', () => {
      if (!req.complete) gone();
    });
  });
}

/** One log line, no stack: a client going away is not a service error. */
export function noteClientGone(ctx: { log(line: string): void }, req: IncomingMessage, res: ServerResponse): void {
  ctx.log(`note: the client closed the connection before sending the whole body of ${req.method} ${(req.url ?? '').split('?')[0]}`);
  res.destroy();
}

export function payloadTooLarge(): ProblemError {
  return new ProblemError(413, `The request body is larger than ${LIMITS.bodyBytes} bytes.`);
}

/** A JSON object body; an empty body is `{}`. */
export function parseJsonObject(body: Buffer): Record<string, unknown> {
  const text = body.toString('utf8').trim();
  if (text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badField('body', 'The request body is not valid JSON.');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badField('body', 'The request body must be a JSON object.');
  return value as Record<string, unknown>;
}
