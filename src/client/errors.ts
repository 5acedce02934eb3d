/**
 * Errors of the client: one class per error kind of spec 7.1 / 7.2, plus the ones a request meets before or
 * without an answer (input, network, timeout, cancel) and the query failures of spec 7.3.
 * Messages never hold the API key or the token: the transport scrubs server text before it lands here.
 */
import { ERROR_KIND_OF_STATUS } from '../wire/errors';
import type { FieldError, HttpErrorStatus, ProblemDetails, QueryStatus } from '../wire';

export class CompoundDbError extends Error {
  /** A short stable name of the kind of failure, e.g. `BadRequest`, `Network`, `QueryFailed`. */
  readonly kind: string;
  /** HTTP status code of the response, when there was one. */
  readonly status?: number;

  /** `options.cause`: the error this one wraps, kept for the log and the debugger. */
  constructor(kind: string, message: string, status?: number, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.kind = kind;
    this.status = status;
  }
}

export interface HttpErrorDetails {
  problem?: ProblemDetails;
  /** Field errors of the problem JSON, flattened. */
  fieldErrors?: FieldError[];
}

/** A non-2xx answer. Statuses of contract 1.5 get the subclasses below; any other code is a plain HttpError. */
export class HttpError extends CompoundDbError {
  readonly problem?: ProblemDetails;
  readonly fieldErrors: FieldError[];
  declare readonly status: number;

  constructor(message: string, status: number, details: HttpErrorDetails = {}, kind = 'Http') {
    super(kind, message, status);
    this.problem = details.problem;
    this.fieldErrors = details.fieldErrors ?? [];
  }
}

type HttpErrorClass = new (message: string, details?: HttpErrorDetails) => HttpError;

/** The base of the class of one status of contract 1.5: that status and its kind of spec 7.1. */
function errorOfStatus(status: HttpErrorStatus): HttpErrorClass {
  return class extends HttpError {
    constructor(message: string, details?: HttpErrorDetails) {
      super(message, status, details, ERROR_KIND_OF_STATUS[status]);
    }
  };
}

export class BadRequestError extends errorOfStatus(400) {}
/** The API key was refused (401). */
export class AuthorizationError extends errorOfStatus(401) {}
export class NotFoundError extends errorOfStatus(404) {}
/** A 404 from filter/substructure or filter/similarity: the server has no structure search (only Compound DB's own service offers it). */
export class StructureSearchUnavailableError extends NotFoundError {
  constructor(details?: HttpErrorDetails) {
    super('structure search is not offered by this server', details);
  }
}
/** A 404 from filter/spectrum: the server has no spectrum search (only Compound DB's own service offers it). */
export class SpectrumSearchUnavailableError extends NotFoundError {
  constructor(details?: HttpErrorDetails) {
    super('spectrum search is not offered by this server', details);
  }
}
export class MethodError extends errorOfStatus(405) {}
export class PayloadError extends errorOfStatus(413) {}
/** 429 after the bounded retries were spent. */
export class RateError extends errorOfStatus(429) {}
export class ServerError extends errorOfStatus(500) {}
/** 503 after the bounded retries were spent. */
export class UnavailableError extends errorOfStatus(503) {}

export const HTTP_ERROR_CLASS_OF_STATUS: Readonly<Record<HttpErrorStatus, HttpErrorClass>> = {
  400: BadRequestError,
  401: AuthorizationError,
  404: NotFoundError,
  405: MethodError,
  413: PayloadError,
  429: RateError,
  500: ServerError,
  503: UnavailableError,
};

/** An input broke a rule of spec 4.2 or a limit of spec 8; raised before any request goes out. */
export class InputError extends CompoundDbError {
  readonly fieldErrors: FieldError[];
  constructor(message: string, fieldErrors: FieldError[]) {
    super('Input', message);
    this.fieldErrors = fieldErrors;
  }
}

/** The request never reached a server: connection refused, name not resolved, connection reset. */
export class NetworkError extends CompoundDbError {
  /** The system error code (`ECONNREFUSED`, `ENOTFOUND`, ...), when known. */
  readonly code?: string;
  constructor(message: string, code?: string, options?: ErrorOptions) {
    super('Network', message, undefined, options);
    this.code = code;
  }
}

/** No answer within the request timeout, or a search still running after its last status check. */
export class TimeoutError extends CompoundDbError {
  constructor(message: string, options?: ErrorOptions) {
    super('Timeout', message, undefined, options);
  }
}

/** An answer larger than the client accepts (`maxResponseBytes`, `maxSdfBytes`), counted after decompression. */
export class ResponseTooLargeError extends CompoundDbError {
  constructor(message: string, options?: ErrorOptions) {
    super('ResponseTooLarge', message, undefined, options);
  }
}

/** The caller's AbortSignal fired. */
export class CancelledError extends CompoundDbError {
  constructor(message = 'The request was cancelled', options?: ErrorOptions) {
    super('Cancelled', message, undefined, options);
  }
}

/** A response body could not be read as what the contract says it is (JSON, XML of the expected root, base64). */
export class ParseError extends CompoundDbError {
  constructor(message: string, status?: number, options?: ErrorOptions) {
    super('Parse', message, status, options);
  }
}

/** Older interface: the token is missing, unknown, or lacks the role for the endpoint (HTTP 500 text). */
export class LegacyAuthorizationError extends CompoundDbError {
  readonly reason: 'missingToken' | 'unauthorized';
  constructor(message: string, reason: 'missingToken' | 'unauthorized') {
    super('LegacyAuthorization', message, 500);
    this.reason = reason;
  }
}

/** Older interface: no record for the requested record ID (HTTP 500 text). */
export class LegacyNotFoundError extends CompoundDbError {
  constructor(message: string) {
    super('LegacyNotFound', message, 500);
  }
}

/** A search ended in `Failed`, `TooManyRecords`, `Suspended`, `Unknown` or `Not Found` (spec 7.3). */
export class QueryFailedError extends CompoundDbError {
  readonly queryStatus: QueryStatus | string;
  readonly queryId: string;
  readonly serverMessage?: string;
  constructor(queryId: string, queryStatus: QueryStatus | string, serverMessage?: string) {
    const why = QUERY_FAILURE_TEXT[queryStatus] ?? 'the search did not finish';
    super('QueryFailed', `Search ended with status ${queryStatus}: ${why}${serverMessage ? ` (${serverMessage})` : ''}`);
    this.queryId = queryId;
    this.queryStatus = queryStatus;
    this.serverMessage = serverMessage;
  }
}

const QUERY_FAILURE_TEXT: Readonly<Record<string, string>> = {
  Failed: 'the server could not run it',
  TooManyRecords: 'it matches too many records; narrow the query',
  Suspended: 'the server suspended it',
  Unknown: 'the server does not know this query',
  'Not Found': 'the server does not know this query ID (it may have expired)',
};

/** Something the client was not given (a server address, say) is needed for the operation. */
export class ConfigurationError extends CompoundDbError {
  constructor(message: string, kind = 'Configuration') {
    super(kind, message);
  }
}

/** An older-interface operation with no replacement (spectra, original MOL) was called without a security token. */
export class TokenRequiredError extends ConfigurationError {
  constructor(operation: string) {
    super(`${operation} needs a security token (older interface); none is configured`, 'TokenRequired');
  }
}

/** A current-interface operation was called without an API key. */
export class ApiKeyRequiredError extends ConfigurationError {
  constructor(operation: string) {
    super(`${operation} needs an API key (current interface); none is configured`, 'ApiKeyRequired');
  }
}

/**
 * The server no longer knows a query ID: it expired, was evicted, or the service restarted since (a 400 naming
 * `queryId`, a 404, or a status of `Not Found` / `Unknown`). Running the same search again gives a live one.
 */
export function isUnknownQueryError(error: unknown): boolean {
  if (error instanceof StructureSearchUnavailableError) return false;
  if (error instanceof BadRequestError) return error.fieldErrors.some((f) => f.field === 'queryId');
  if (error instanceof NotFoundError) return true;
  return error instanceof QueryFailedError && (error.queryStatus === 'Not Found' || error.queryStatus === 'Unknown');
}
