import type * as vscode from 'vscode';
import { ALLOWED_CONVERSIONS, checkConvert, describeFieldErrors, type ConvertFormat, type DetailsField, type QueryStatusResponse } from '../../wire';
import { DetailsPanel } from '../details/detailsPanel';
import { withCancellableProgress } from '../common/progress';
import { asDocument, asJson, asMessage, lookupCommand } from './lookupCommand';
import { askInchikey, askRecordIds, askString, askText, pick, pickMany, recordIdOf } from './prompts';
import type { Services } from './services';
import { saveSdf, savePng } from './files';

type Id = { recordId?: number | string };
type ConvertArgs = { input?: string; inputFormat?: ConvertFormat; outputFormat?: ConvertFormat };

async function askConversion(a: ConvertArgs | undefined): Promise<{ input: string; from: ConvertFormat; to: ConvertFormat }> {
  let { inputFormat: from, outputFormat: to } = a ?? {};
  if (!from || !to) {
    const pair = await pick('Convert', ALLOWED_CONVERSIONS.map(([f, t]) => ({ label: `${f} → ${t}`, value: `${f}>${t}` })), 'Conversion');
    [from, to] = pair.split('>') as [ConvertFormat, ConvertFormat];
  }
  if (a?.input !== undefined) return { input: a.input, from, to };
  const fromFormat = from;
  const toFormat = to;
  const typed = await askText({
    title: `Convert ${from} to ${to}`,
    prompt: from === 'Mol' ? 'MOL block (paste it; line breaks as \\n are accepted)' : from,
    validate: (t) => {
      const errors = checkConvert({ input: t, inputFormat: fromFormat, outputFormat: toFormat });
      return errors.length ? describeFieldErrors(errors) : undefined;
    },
  });
  return { input: from === 'Mol' ? typed.replace(/\\n/g, '\n') : typed.trim(), from, to };
}

export function registerLookupCommands(s: Services): vscode.Disposable[] {
  return [
    lookupCommand(s, 'compoundDb.showDetails', {
      ask: (a: Id | undefined) => recordIdOf(a, 'Show Record Details'),
      title: (id) => `record ${id}`,
      request: (_client, id, signal) => DetailsPanel.createOrShow(s.details, id, signal),
      show: async (view) => view,
    }),
    lookupCommand(s, 'compoundDb.getDetailsBatch', {
      ask: async (a: { recordIds?: Array<number | string>; fields?: DetailsField[] } | undefined) => ({
        ids: a?.recordIds ?? (await askRecordIds('Get Details of Several Records', 100)),
        fields: a?.fields,
      }),
      title: () => 'details',
      request: (c, { ids, fields }, signal) => c.getDetailsBatch(ids, fields, { signal }),
      show: asJson(s, () => 'details'),
    }),
    lookupCommand(s, 'compoundDb.getExternalReferences', {
      ask: async (a: (Id & { dataSources?: string[] }) | undefined) => {
        const title = 'Get External References';
        const recordId = await recordIdOf(a, title);
        if (a) return { recordId, dataSources: a.dataSources };
        const all = await withCancellableProgress('Compound DB: datasources', async (signal) => (await s.connection.get()).client.getDatasources({ signal }));
        return { recordId, dataSources: await pickMany(title, all, 'Restrict to datasources (pick none for all)') };
      },
      title: ({ recordId }) => `references of ${recordId}`,
      request: (c, { recordId, dataSources }, signal) => c.getExternalReferences(recordId, dataSources?.length ? dataSources : undefined, { signal }),
      show: asJson(s, ({ recordId }) => `external-references-${recordId}`),
    }),
    lookupCommand(s, 'compoundDb.getImage', {
      ask: (a: Id | undefined) => recordIdOf(a, 'Show Structure Image'),
      title: (id) => `image of ${id}`,
      request: (c, id, signal) => c.getImage(id, { signal }),
      show: async (png, recordId) => ({ recordId, uri: (await savePng(s.context, `record-${recordId}.png`, png)).toString(), bytes: png.length }),
    }),
    lookupCommand(s, 'compoundDb.getMol', {
      ask: (a: Id | undefined) => recordIdOf(a, 'Get MOL File'),
      title: (id) => `MOL of ${id}`,
      request: (c, id, signal) => c.getMol(id, { signal }),
      show: asDocument(s, (id) => `record-${id}.mol`),
    }),
    lookupCommand(s, 'compoundDb.getDatasources', {
      ask: async (_a: object | undefined) => undefined,
      title: () => 'datasources',
      request: (c, _i, signal) => c.getDatasources({ signal }),
      show: asJson(s, () => 'datasources'),
    }),
    lookupCommand(s, 'compoundDb.convert', {
      ask: askConversion,
      title: ({ from, to }) => `${from} to ${to}`,
      request: (c, { input, from, to }, signal) => c.convert(input, from, to, { signal }),
      show: asDocument(s, ({ to }) => `converted.${to === 'Mol' ? 'mol' : 'txt'}`),
    }),
    lookupCommand(s, 'compoundDb.validateInchikey', {
      ask: async (a: { inchikey?: string } | undefined) => a?.inchikey ?? (await askInchikey('Validate InChIKey')),
      title: () => 'validate',
      request: (c, key, signal) => c.validateInchikey(key, { signal }),
      show: asMessage((valid: boolean, key: string) => `${key} is ${valid ? 'a valid' : 'not a valid'} InChIKey.`),
    }),
    lookupCommand(s, 'compoundDb.queryStatus', {
      ask: async (a: { queryId?: string } | undefined) => a?.queryId ?? (await askString('Query Status', 'queryId', 'Query ID of a search')),
      title: () => 'status',
      request: (c, queryId, signal) => c.filterStatus(queryId, { signal }),
      show: asMessage((st: QueryStatusResponse, queryId: string) => `Query ${queryId}: ${st.status}, ${st.count} results${st.message ? ` (${st.message})` : ''}`),
    }),
    lookupCommand(s, 'compoundDb.queryResults', {
      ask: async (a: { queryId?: string; start?: number; count?: number } | undefined) => ({
        queryId: a?.queryId ?? (await askString('Query Results', 'queryId', 'Query ID of a finished search')),
        start: a?.start,
        count: a?.count,
      }),
      title: () => 'results',
      request: (c, { queryId, start, count }, signal) => c.filterResults(queryId, start, count, { signal }),
      show: asJson(s, ({ queryId }) => `results-${queryId}`),
    }),
    lookupCommand(s, 'compoundDb.queryResultsSdf', {
      ask: async (a: { queryId?: string; uri?: string } | undefined) => ({
        queryId: a?.queryId ?? (await askString('Save Query Results as SDF', 'queryId', 'Query ID of a finished search')),
        uri: a?.uri,
      }),
      title: () => 'SDF',
      request: (c, { queryId }, signal) => c.filterResultsSdf(queryId, { signal }),
      show: (sdf, { queryId, uri }) => saveSdf(sdf, `results-${queryId.slice(0, 8)}.sdf`, uri),
    }),
  ];
}
