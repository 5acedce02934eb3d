import * as vscode from 'vscode';
import { ALLOWED_CONVERSIONS, checkConvert, describeFieldErrors, type ConvertFormat, type DetailsField, type RecordDetails } from '../../wire';
import type { ExternalReference, FilterResultsResponse, QueryStatusResponse } from '../../wire';
import { DetailsPanel } from '../details/detailsPanel';
import type { DetailsView } from '../../webview/protocol';
import { withCancellableProgress } from './progress';
import { askInchikey, askRecordId, askRecordIds, askString, askText, pick, pickMany } from './prompts';
import { registerCommand } from './register';
import type { Services } from './services';
import { saveSdf, savePng } from './files';

type Id = { recordId?: number | string };

export function registerLookupCommands(s: Services): vscode.Disposable[] {
  const client = async () => (await s.connection.get()).client;
  const idOf = async (a: Id | undefined, title: string) => (a?.recordId !== undefined ? Number(a.recordId) : await askRecordId(title));

  return [
    registerCommand<Id, DetailsView>('compoundDb.showDetails', s.log, async (a) => {
      const recordId = await idOf(a, 'Show Record Details');
      return withCancellableProgress(`Compound DB: record ${recordId}`, () => DetailsPanel.createOrShow(s.details, recordId));
    }),

    registerCommand<{ recordIds?: Array<number | string>; fields?: DetailsField[] }, RecordDetails[]>('compoundDb.getDetailsBatch', s.log, async (a) => {
      const ids = a?.recordIds ?? (await askRecordIds('Get Details of Several Records', 100));
      const c = await client();
      const records = await withCancellableProgress('Compound DB: details', (signal) => c.getDetailsBatch(ids, a?.fields, { signal }));
      await s.results.showJson('details', records);
      return records;
    }),

    registerCommand<Id & { dataSources?: string[] }, ExternalReference[]>('compoundDb.getExternalReferences', s.log, async (a) => {
      const recordId = await idOf(a, 'Get External References');
      const c = await client();
      let dataSources = a?.dataSources;
      if (!a) {
        const all = await withCancellableProgress('Compound DB: datasources', (signal) => c.getDatasources({ signal }));
        dataSources = await pickMany('Get External References', all, 'Restrict to datasources (pick none for all)');
      }
      const refs = await withCancellableProgress(`Compound DB: references of ${recordId}`, (signal) =>
        c.getExternalReferences(recordId, dataSources?.length ? dataSources : undefined, { signal }),
      );
      await s.results.showJson(`external-references-${recordId}`, refs);
      return refs;
    }),

    registerCommand<Id, { recordId: number; uri: string; bytes: number }>('compoundDb.getImage', s.log, async (a) => {
      const recordId = await idOf(a, 'Show Structure Image');
      const c = await client();
      const png = await withCancellableProgress(`Compound DB: image of ${recordId}`, (signal) => c.getImage(recordId, { signal }));
      const uri = await savePng(s.context, `record-${recordId}.png`, png);
      return { recordId, uri: uri.toString(), bytes: png.length };
    }),

    registerCommand<Id, string>('compoundDb.getMol', s.log, async (a) => {
      const recordId = await idOf(a, 'Get MOL File');
      const c = await client();
      const mol = await withCancellableProgress(`Compound DB: MOL of ${recordId}`, (signal) => c.getMol(recordId, { signal }));
      await s.results.show(`record-${recordId}.mol`, mol);
      return mol;
    }),

    registerCommand<object, string[]>('compoundDb.getDatasources', s.log, async () => {
      const c = await client();
      const list = await withCancellableProgress('Compound DB: datasources', (signal) => c.getDatasources({ signal }));
      await s.results.showJson('datasources', list);
      return list;
    }),

    registerCommand<{ input?: string; inputFormat?: ConvertFormat; outputFormat?: ConvertFormat }, string>('compoundDb.convert', s.log, async (a) => {
      const input = a?.input;
      let { inputFormat, outputFormat } = a ?? {};
      if (!inputFormat || !outputFormat) {
        const pair = await pick(
          'Convert',
          ALLOWED_CONVERSIONS.map(([from, to]) => ({ label: `${from} → ${to}`, value: `${from}>${to}` })),
          'Conversion',
        );
        [inputFormat, outputFormat] = pair.split('>') as [ConvertFormat, ConvertFormat];
      }
      const from: ConvertFormat = inputFormat;
      const to: ConvertFormat = outputFormat;
      const input2: string = input !== undefined ? input : await askText({
        title: `Convert ${from} to ${to}`,
        prompt: from === 'Mol' ? 'MOL block (paste it; line breaks as \\n are accepted)' : from,
        validate: (t) => {
          const errors = checkConvert({ input: t, inputFormat: from, outputFormat: to });
          return errors.length ? describeFieldErrors(errors) : undefined;
        },
      }).then((t) => (from === 'Mol' ? t.replace(/\\n/g, '\n') : t.trim()));
      const c = await client();
      const text = input2;
      const output = await withCancellableProgress(`Compound DB: ${from} to ${to}`, (signal) => c.convert(text, from, to, { signal }));
      await s.results.show(`converted.${to === 'Mol' ? 'mol' : 'txt'}`, output);
      return output;
    }),

    registerCommand<{ inchikey?: string }, boolean>('compoundDb.validateInchikey', s.log, async (a) => {
      const inchikey = a?.inchikey ?? (await askInchikey('Validate InChIKey'));
      const c = await client();
      const valid = await withCancellableProgress('Compound DB: validate', (signal) => c.validateInchikey(inchikey, { signal }));
      void vscode.window.showInformationMessage(`${inchikey} is ${valid ? 'a valid' : 'not a valid'} InChIKey.`);
      return valid;
    }),

    registerCommand<{ queryId?: string }, QueryStatusResponse>('compoundDb.queryStatus', s.log, async (a) => {
      const queryId = a?.queryId ?? (await askString('Query Status', 'queryId', 'Query ID of a search'));
      const c = await client();
      const status = await withCancellableProgress('Compound DB: status', (signal) => c.filterStatus(queryId, { signal }));
      void vscode.window.showInformationMessage(`Query ${queryId}: ${status.status}, ${status.count} results${status.message ? ` (${status.message})` : ''}`);
      return status;
    }),

    registerCommand<{ queryId?: string; start?: number; count?: number }, FilterResultsResponse>('compoundDb.queryResults', s.log, async (a) => {
      const queryId = a?.queryId ?? (await askString('Query Results', 'queryId', 'Query ID of a finished search'));
      const c = await client();
      const page = await withCancellableProgress('Compound DB: results', (signal) => c.filterResults(queryId, a?.start, a?.count, { signal }));
      await s.results.showJson(`results-${queryId}`, page);
      return page;
    }),

    registerCommand<{ queryId?: string; uri?: string }, { uri: string; records: number }>('compoundDb.queryResultsSdf', s.log, async (a) => {
      const queryId = a?.queryId ?? (await askString('Save Query Results as SDF', 'queryId', 'Query ID of a finished search'));
      const c = await client();
      const sdf = await withCancellableProgress('Compound DB: SDF', (signal) => c.filterResultsSdf(queryId, { signal }));
      return saveSdf(sdf, `results-${queryId.slice(0, 8)}.sdf`, a?.uri);
    }),
  ];
}
