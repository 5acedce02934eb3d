/** Turns a non-2xx answer into the error class of its status, with a message from problem JSON or body text. */
import { REASON_PHRASES, type FieldError, type ProblemDetails } from '../wire';
import { HTTP_ERROR_CLASS_OF_STATUS, HttpError } from './errors';
import type { Redact } from './redact';
import type { RawResponse } from './transport';

const MAX_BODY_TEXT = 300;

export function httpErrorOf(response: RawResponse, redact: Redact): HttpError {
  const reason = REASON_PHRASES[response.status] ?? (response.statusText || 'HTTP error');
  const text = response.body.toString('utf8');
  const problem = readProblem(text);
  const fieldErrors = problem ? fieldErrorsOf(problem) : [];
  const parts = problem ? problemParts(problem, fieldErrors) : [bodyText(text, response.contentType)].filter(Boolean);
  const summary = parts.length ? parts.join(': ') : reason;
  const message = redact(`${summary} (HTTP ${response.status}${parts.length && !summary.startsWith(reason) ? ` ${reason}` : ''})`);
  const details = {
    problem: problem && redactDeep(problem, redact),
    fieldErrors: fieldErrors.map((e) => ({ field: e.field, message: redact(e.message) })),
  };
  const ErrorClass = HTTP_ERROR_CLASS_OF_STATUS[response.status as keyof typeof HTTP_ERROR_CLASS_OF_STATUS];
  return ErrorClass ? new ErrorClass(message, details) : new HttpError(message, response.status, details);
}

function readProblem(text: string): ProblemDetails | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const p = value as Record<string, unknown>;
      if (typeof p.title === 'string' || typeof p.detail === 'string' || typeof p.errors === 'object') return p as ProblemDetails;
    }
  } catch {
    // not JSON: a gateway page or plain text
  }
  return undefined;
}

function fieldErrorsOf(problem: ProblemDetails): FieldError[] {
  if (!problem.errors || typeof problem.errors !== 'object') return [];
  return Object.entries(problem.errors).flatMap(([field, messages]) =>
    (Array.isArray(messages) ? messages : [messages]).map((m) => ({ field, message: String(m) })),
  );
}

function problemParts(problem: ProblemDetails, fieldErrors: FieldError[]): string[] {
  const parts: string[] = [];
  if (problem.title) parts.push(problem.title);
  if (problem.detail && problem.detail !== problem.title) parts.push(problem.detail);
  const fields = fieldErrors
    .filter((e) => !problem.detail?.includes(e.message))
    .map((e) => (e.message.startsWith(e.field) ? e.message : `${e.field}: ${e.message}`));
  if (fields.length) parts.push(fields.join('; '));
  return parts.map((p) => cap(p));
}

/** Plain text as is; an HTML page reduced to its words (title and body text). */
function bodyText(text: string, contentType: string): string {
  let out = text;
  if (/html/i.test(contentType) || /^\s*</.test(text)) {
    out = text
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&nbsp;/g, ' ');
  }
  return cap(out.replace(/\s+/g, ' ').trim());
}

function cap(text: string): string {
  return text.length > MAX_BODY_TEXT ? `${text.slice(0, MAX_BODY_TEXT - 3)}...` : text;
}

function redactDeep<T>(value: T, redact: Redact): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => redactDeep(v, redact)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, redact)])) as T;
  }
  return value;
}
