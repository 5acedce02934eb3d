/**
 * The contract between the extension and the built-in database it forks (`dist/service.js`, IPC channel of
 * child_process.fork): the service's messages and the development credentials it accepts without a keys file.
 * Typed once here; the service's cli sends these, the extension's LocalService reads them. The one request the
 * extension sends is for structure drawings (`draw`): the structure grid's first page while the webview's toolkit loads.
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

/** How the structure grid draws a card (RDKit MinimalLib's drawing details), alike in the webview and in the service. */
export const CARD_DRAWING = { clearBackground: true, bondLineWidth: 1.2, addStereoAnnotation: true } as const;

/** Bounds of one draw request: a page of cards, each a MOL block or SMILES of bounded size (checked by the service). */
export const DRAW_LIMITS = { structures: 50, minPixels: 16, maxPixels: 2000 } as const;

/** From the extension: SVG drawings of these structures (MOL blocks or SMILES) in the grid's card style. */
export interface LocalServiceDrawRequest {
  type: 'draw';
  id: number;
  structures: string[];
  width: number;
  height: number;
}

/** The answer to a draw request: one SVG per structure, null where it could not be read or is out of bounds. */
export interface LocalServiceDrawn {
  type: 'drawn';
  id: number;
  svgs: Array<string | null>;
}

const pixels = (n: unknown): boolean => Number.isInteger(n) && (n as number) >= DRAW_LIMITS.minPixels && (n as number) <= DRAW_LIMITS.maxPixels;

export function isLocalServiceDrawRequest(value: unknown): value is LocalServiceDrawRequest {
  const m = value as Record<string, unknown> | null;
  return (
    !!m &&
    typeof m === 'object' &&
    m.type === 'draw' &&
    Number.isInteger(m.id) &&
    pixels(m.width) &&
    pixels(m.height) &&
    Array.isArray(m.structures) &&
    m.structures.length <= DRAW_LIMITS.structures &&
    (m.structures as unknown[]).every((s) => typeof s === 'string')
  );
}

export function isLocalServiceDrawn(value: unknown): value is LocalServiceDrawn {
  const m = value as Record<string, unknown> | null;
  return (
    !!m &&
    typeof m === 'object' &&
    m.type === 'drawn' &&
    Number.isInteger(m.id) &&
    Array.isArray(m.svgs) &&
    (m.svgs as unknown[]).every((s) => s === null || typeof s === 'string')
  );
}
