/** Plain HTTP helpers for the service tests (node's fetch, 127.0.0.1 only). */
import { XMLParser } from 'fast-xml-parser';
import { DEV_API_KEY, DEV_TOKEN } from '../../../src/service';

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The reset that ends a kept-alive connection the server closed as the client reused it. */
function isReusedConnectionReset(err: unknown): boolean {
  const code = (err as { cause?: { code?: string } })?.cause?.code;
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET';
}

export async function request(url: string, init: RequestInit = {}): Promise<Reply> {
  // An idempotent request is sent again once when its kept-alive connection was reset (RFC 9110 9.2.2), as HTTP
  // clients do: on a loaded machine the service's idle timeout and the client's reuse of the socket can cross.
  const idempotent = !init.method || init.method === 'GET' || init.method === 'HEAD';
  const res = await fetch(url, init).catch((err: unknown) => {
    if (idempotent && isReusedConnectionReset(err)) return fetch(url, init);
    throw err;
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** A current-interface call: `path` below /compounds/v1/; a body is sent as JSON. */
export function api(base: string, method: string, path: string, body?: unknown, key: string | null = DEV_API_KEY): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (key !== null) headers.apikey = key;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return request(`${base}/compounds/v1/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export type Fields = Array<[string, string]>;

/**
 * An older-interface call, form-encoded POST (or GET with the fields in the query). Token added unless null. The
 * fields may come form-encoded already: a test that sends one large text under many names encodes it once.
 */
export function legacy(
  base: string,
  path: string,
  fields: Fields | string = [],
  token: string | null = DEV_TOKEN,
  method: 'POST' | 'GET' = 'POST',
): Promise<Reply> {
  const given = typeof fields === 'string' ? fields : new URLSearchParams(fields).toString();
  const form = token === null ? given : [given, new URLSearchParams([['token', token]]).toString()].filter(Boolean).join('&');
  if (method === 'GET') return request(`${base}/${path}?${form}`);
  return request(`${base}/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form });
}

const parser = new XMLParser({
  processEntities: true,
  htmlEntities: false,
  parseTagValue: false,
  ignoreAttributes: false,
  removeNSPrefix: true,
  isArray: (_name, jpath) => /^ArrayOf\w+\.\w+$|\.ExternalReferences\.ExtRef$/.test(String(jpath)),
});

/** The parsed document (values as strings). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function parseXml(text: string): any {
  return parser.parse(text);
}

/**
 * The wait before a query's next status poll: 5 ms, doubled up to 40 ms. A quick query is seen at once; a search of
 * seconds is asked 25 times a second rather than 200, which left CPU to the search on a busy 2-core machine.
 */
export function pollPause(polls: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.min(40, 5 * 2 ** polls)));
}

/** Waits for a current-interface query to leave Created/Processing; returns the final status object. */
export async function waitQuery(base: string, statusPath: string, timeoutMs = 60_000): Promise<{ status: string; count: number; message: string }> {
  const deadline = Date.now() + timeoutMs;
  for (let polls = 0; ; polls++) {
    const r = await api(base, 'GET', statusPath);
    if (r.status !== 200) throw new Error(`status ${r.status}: ${r.text}`);
    if (r.json.status !== 'Created' && r.json.status !== 'Processing') return r.json;
    if (Date.now() > deadline) throw new Error(`query did not finish in ${timeoutMs / 1000} s`);
    await pollPause(polls);
  }
}

/** Submits a filter, waits for it and returns its result IDs (all pages). */
export async function runFilter(base: string, path: string, body: unknown): Promise<number[]> {
  const submit = await api(base, 'POST', path, body);
  if (submit.status !== 200) throw new Error(`${path}: ${submit.status} ${submit.text}`);
  const status = await waitQuery(base, `filter/${submit.json.queryId}/status`);
  if (status.status !== 'Complete') throw new Error(`${path}: ended ${status.status}`);
  const results = await api(base, 'GET', `filter/${submit.json.queryId}/results`);
  return results.json.results;
}

export async function waitLegacy(base: string, rid: string, token: string = DEV_TOKEN, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (let polls = 0; ; polls++) {
    const r = await legacy(base, 'Search.asmx/GetAsyncSearchStatus', [['rid', rid]], token);
    if (r.status !== 200) throw new Error(`status ${r.status}: ${r.text}`);
    const status = parseXml(r.text).ERequestStatus;
    if (status !== 'Created' && status !== 'Processing') return status;
    if (Date.now() > deadline) throw new Error(`legacy query did not finish in ${timeoutMs / 1000} s`);
    await pollPause(polls);
  }
}
