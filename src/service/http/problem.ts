/** Errors a current-interface route throws; the router turns them into RFC 9457 problem JSON (contract 1.5). */
import { REASON_PHRASES, type FieldError } from '../../wire';

export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }

  get title(): string {
    return REASON_PHRASES[this.status] ?? 'Error';
  }
}

/** 400 naming each field with its messages. */
export function badRequest(errors: readonly FieldError[], detail = 'One or more inputs are not valid.'): ProblemError {
  const byField: Record<string, string[]> = {};
  for (const e of errors) (byField[e.field] ??= []).push(e.message);
  return new ProblemError(400, detail, byField);
}

export function badField(field: string, message: string): ProblemError {
  return badRequest([{ field, message }]);
}

export function notFound(detail: string): ProblemError {
  return new ProblemError(404, detail);
}

/** Throws a 400 when a validator of src/wire found problems. */
export function assertValid(errors: readonly FieldError[]): void {
  if (errors.length) throw badRequest(errors);
}
