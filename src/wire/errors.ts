/** Error kinds of spec 7.1 / 7.2 and the HTTP status of each (contract 1.5, 2.1). */
export const ERROR_KIND_OF_STATUS = {
  400: 'BadRequest',
  401: 'Authorization',
  404: 'NotFound',
  405: 'Method',
  413: 'Payload',
  429: 'Rate',
  500: 'Server',
  503: 'Unavailable',
} as const;
export type HttpErrorStatus = keyof typeof ERROR_KIND_OF_STATUS;

export const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** One problem with one input: the field named as on the wire, and what is wrong with it. */
export interface FieldError {
  field: string;
  message: string;
}
