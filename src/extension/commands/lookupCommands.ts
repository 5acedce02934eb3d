import * as vscode from 'vscode';
import { ALLOWED_CONVERSIONS, checkConvert, describeFieldErrors, type ConvertFormat, type DetailsField, type QueryStatusResponse } from '../../wire';
import { DetailsPanel } from '../details/detailsPanel';
import type { Highlight } from '../searches/searchStateData';
import { withCancellableProgress } from '../common/progress';
import { asDocument, asJson, asMessage, lookupCommand } from './lookupCommand';
import type { CommandDefinition } from './defineCommand';
import { askInchikey, askRecordIds, askString, askText, pick, pickMany, recordIdOf } from './prompts';
import type { Services } from './services';
import { saveSdf, savePng } from './files';

type Id = { recordId?: number | string };
/** A highlighted hover's "Open details" passes its substructure search's query on. */
type DetailsArgs = Id & { highlight?: Partial<Highlight> };

/** The highlight a caller passed, when well formed (else none: the plain image). */
function highlightArg(h: Partial<Highlight> | undefined): Highlight | undefined {
  return h && typeof h.query === 'string' && h.query && (h.format === 'SMILES' || h.format === 'SMARTS')
    ? { query: h.query, format: h.format }
    : undefined;
}
type ConvertArgs = { input?: string; inputFormat?: ConvertFormat; outputFormat?: ConvertFormat };

async function askConversion(a: ConvertArgs | undefined): Promise<{ input: string; from: ConvertFormat; to: ConvertFormat }> {
  let { inputFormat: from, outputFormat: to } = a ?? {};
  if (!from || !to) {
    const pair = await pick(
      vscode.l10n.t('Convert'),
      ALLOWED_CONVERSIONS.map(([f, t]) => ({ label: `${f} → ${t}`, value: `${f}>${t}` })),
      vscode.l10n.t('Conversion'),
    );
    [from, to] = pair.split('>') as [ConvertFormat, ConvertFormat];
  }
  if (a?.input !== undefined) return { input: a.input, from, to };
  const fromFormat = from;
  const toFormat = to;
  const typed = await askText({
    title: vscode.l10n.t('Convert {0} to {1}', from, to),
    prompt: from === 'Mol' ? vscode.l10n.t('MOL block (paste it; line breaks as \\n are accepted)') : from,
    validate: (t) => {
      const errors = checkConvert({ input: t, inputFormat: fromFormat, outputFormat: toFormat });
      return errors.length ? describeFieldErrors(errors) : undefined;
    },
  });
  return { input: from === 'Mol' ? typed.replace(/\\n/g, '\n') : typed.trim(), from, to };
}

export function defineLookupCommands(s: Services): CommandDefinition[] {
  return [
    lookupCommand(s, 'compoundDb.showDetails', {
      ask: async (a: DetailsArgs | undefined) => ({
        id: await recordIdOf(a, vscode.l10n.t('Show Record Details')),
        highlight: highlightArg(a?.highlight),
      }),
      title: ({ id }) => vscode.l10n.t('record {0}', id),
      request: (_client, { id, highlight }, signal) => DetailsPanel.createOrShow(s.details, id, signal, highlight),
      show: async (view) => view,
    }),
    lookupCommand(s, 'compoundDb.getDetailsBatch', {
      ask: async (a: { recordIds?: Array<number | string>; fields?: DetailsField[] } | undefined) => ({
        ids: a?.recordIds ?? (await askRecordIds(vscode.l10n.t('Get Details of Several Records'), 100)),
        fields: a?.fields,
      }),
      title: () => vscode.l10n.t('details'),
      request: (c, { ids, fields }, signal) => c.getDetailsBatch(ids, fields, { signal }),
      show: asJson(s, () => 'details'),
    }),
    lookupCommand(s, 'compoundDb.getExternalReferences', {
      ask: async (a: (Id & { dataSources?: string[] }) | undefined) => {
        const title = vscode.l10n.t('Get External References');
        const recordId = await recordIdOf(a, title);
        if (a) return { recordId, dataSources: a.dataSources };
        const all = await withCancellableProgress(vscode.l10n.t('Compound DB: datasources'), async (signal) =>
          (await s.connection.get()).client.getDatasources({ signal }),
        );
        return { recordId, dataSources: await pickMany(title, all, vscode.l10n.t('Restrict to datasources (pick none for all)')) };
      },
      title: ({ recordId }) => vscode.l10n.t('references of {0}', recordId),
      request: (c, { recordId, dataSources }, signal) => c.getExternalReferences(recordId, dataSources?.length ? dataSources : undefined, { signal }),
      show: asJson(s, ({ recordId }) => `external-references-${recordId}`),
    }),
    lookupCommand(s, 'compoundDb.getImage', {
      ask: (a: Id | undefined) => recordIdOf(a, vscode.l10n.t('Show Structure Image')),
      title: (id) => vscode.l10n.t('image of {0}', id),
      request: (c, id, signal) => c.getImage(id, { signal }),
      show: async (png, recordId) => ({ recordId, uri: (await savePng(s.context, `record-${recordId}.png`, png)).toString(), bytes: png.length }),
    }),
    lookupCommand(s, 'compoundDb.getMol', {
      ask: (a: Id | undefined) => recordIdOf(a, vscode.l10n.t('Get MOL File')),
      title: (id) => vscode.l10n.t('MOL of {0}', id),
      request: (c, id, signal) => c.getMol(id, { signal }),
      show: asDocument(s, (id) => `record-${id}.mol`),
    }),
    lookupCommand(s, 'compoundDb.getDatasources', {
      ask: async (_a: object | undefined) => undefined,
      title: () => vscode.l10n.t('datasources'),
      request: (c, _i, signal) => c.getDatasources({ signal }),
      show: asJson(s, () => 'datasources'),
    }),
    lookupCommand(s, 'compoundDb.convert', {
      ask: askConversion,
      title: ({ from, to }) => vscode.l10n.t('{0} to {1}', from, to),
      request: (c, { input, from, to }, signal) => c.convert(input, from, to, { signal }),
      show: asDocument(s, ({ to }) => `converted.${to === 'Mol' ? 'mol' : 'txt'}`),
    }),
    lookupCommand(s, 'compoundDb.validateInchikey', {
      ask: async (a: { inchikey?: string } | undefined) => a?.inchikey ?? (await askInchikey(vscode.l10n.t('Validate InChIKey'))),
      title: () => vscode.l10n.t('validate'),
      request: (c, key, signal) => c.validateInchikey(key, { signal }),
      show: asMessage((valid: boolean, key: string) =>
        valid ? vscode.l10n.t('{0} is a valid InChIKey.', key) : vscode.l10n.t('{0} is not a valid InChIKey.', key),
      ),
    }),
    lookupCommand(s, 'compoundDb.queryStatus', {
      ask: async (a: { queryId?: string } | undefined) =>
        a?.queryId ?? (await askString(vscode.l10n.t('Query Status'), 'queryId', vscode.l10n.t('Query ID of a search'))),
      title: () => vscode.l10n.t('status'),
      request: (c, queryId, signal) => c.filterStatus(queryId, { signal }),
      show: asMessage((st: QueryStatusResponse, queryId: string) =>
        st.message
          ? vscode.l10n.t('Query {0}: {1}, {2} results ({3})', queryId, st.status, st.count, st.message)
          : vscode.l10n.t('Query {0}: {1}, {2} results', queryId, st.status, st.count),
      ),
    }),
    lookupCommand(s, 'compoundDb.queryResults', {
      ask: async (a: { queryId?: string; start?: number; count?: number } | undefined) => ({
        queryId: a?.queryId ?? (await askString(vscode.l10n.t('Query Results'), 'queryId', vscode.l10n.t('Query ID of a finished search'))),
        start: a?.start,
        count: a?.count,
      }),
      title: () => vscode.l10n.t('results'),
      request: (c, { queryId, start, count }, signal) => c.filterResults(queryId, start, count, { signal }),
      show: asJson(s, ({ queryId }) => `results-${queryId}`),
    }),
    lookupCommand(s, 'compoundDb.queryResultsSdf', {
      ask: async (a: { queryId?: string; uri?: string } | undefined) => ({
        queryId:
          a?.queryId ?? (await askString(vscode.l10n.t('Save Query Results as SDF'), 'queryId', vscode.l10n.t('Query ID of a finished search'))),
        uri: a?.uri,
      }),
      title: () => vscode.l10n.t('SDF'),
      request: (c, { queryId }, signal) => c.filterResultsSdf(queryId, { signal }),
      show: (sdf, { queryId, uri }) => saveSdf(sdf, `results-${queryId.slice(0, 8)}.sdf`, uri),
    }),
  ];
}
