/**
 * The contract between the extension and the built-in database it forks (`dist/service.js`, IPC channel of
 * child_process.fork): the service's messages and the development credentials it accepts without a keys file.
 * Typed once here; the service's cli sends these, the extension's LocalService reads them.
 */

/** Accepted by a service started without a keys file, on a loopback host only. Not secrets: fixed and public. */
export const DEV_API_KEY = 'compound-db-dev-key';
export const DEV_TOKEN = 'compound-db-dev-token';

/** Sent once the service listens. */
export interface LocalServiceReady {
  type: 'ready';
  baseUrl: string;
  legacyBaseUrl: string;
  records: number;
  dataSources: string[];
  /** Files of `compoundDb.localService.dataFiles` that could not be read and were left out. */
  skippedDataFiles: Array<{ file: string; reason: string }>;
}

/** Sent when the service cannot start; it exits after. */
export interface LocalServiceFailed {
  type: 'error';
  message: string;
}

export type LocalServiceMessage = LocalServiceReady | LocalServiceFailed;

/** Checks a message from the child process (anything may arrive on the channel). */
export function isLocalServiceMessage(value: unknown): value is LocalServiceMessage {
  const m = value as Record<string, unknown> | null;
  if (!m || typeof m !== 'object') return false;
  if (m.type === 'error') return typeof m.message === 'string';
  return (
    m.type === 'ready' &&
    typeof m.baseUrl === 'string' &&
    typeof m.legacyBaseUrl === 'string' &&
    typeof m.records === 'number' &&
    Array.isArray(m.dataSources) &&
    (m.dataSources as unknown[]).every((d) => typeof d === 'string') &&
    Array.isArray(m.skippedDataFiles) &&
    (m.skippedDataFiles as Array<Record<string, unknown> | null>).every((f) => !!f && typeof f.file === 'string' && typeof f.reason === 'string')
  );
}
