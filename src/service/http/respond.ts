/** Writing responses: JSON, problem JSON, XML, plain text and bytes. */
import type { ServerResponse } from 'http';
import { JSON_CONTENT_TYPE, PROBLEM_CONTENT_TYPE } from '../../wire';
import type { ProblemError } from './problem';

export function send(res: ServerResponse, status: number, contentType: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // A string goes out as it is: Node writes it with the headers in one write, with no copy into a Buffer first.
  const length = typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.length;
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': String(length), 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}

export function sendJson(res: ServerResponse, value: unknown, status = 200): void {
  send(res, status, JSON_CONTENT_TYPE, JSON.stringify(value));
}

export function sendProblem(res: ServerResponse, problem: ProblemError): void {
  const body: Record<string, unknown> = {
    type: 'about:blank',
    title: problem.title,
    status: problem.status,
    detail: problem.detail,
  };
  if (problem.errors) body.errors = problem.errors;
  send(res, problem.status, PROBLEM_CONTENT_TYPE, JSON.stringify(body), problem.headers);
}

export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  send(res, status, 'text/plain; charset=utf-8', text, headers);
}

export function sendXml(res: ServerResponse, xml: string): void {
  send(res, 200, 'text/xml; charset=utf-8', xml);
}
