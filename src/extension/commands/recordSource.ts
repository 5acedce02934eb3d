/** The record picker's offers from the Searches view (selection, recent results) and its look-ups through the client. */
import { readSettings } from '../config/settings';
import type { KnownRecord, RecordSource } from './recordPicker';
import type { Services } from './services';

const MAX_MATCHES = 50;

export function recordSourceOf(s: Services): RecordSource {
  const known = (recordId: number, searchId?: string): KnownRecord => {
    const state = searchId ? s.searches.get(searchId) : s.searches.all().find((st) => st.labels[recordId]);
    const label = state?.labels[recordId];
    return { recordId, name: label?.name, formula: label?.formula };
  };
  return {
    selected: () => {
      const node = s.treeView?.selection[0];
      return node?.type === 'result' ? known(node.recordId, node.searchId) : undefined;
    },
    recent: () => {
      const seen = new Set<number>();
      const out: KnownRecord[] = [];
      for (const state of s.searches.all()) {
        for (const id of [...state.ids, ...(state.groups ?? []).flatMap((g) => g.ids)]) {
          if (seen.has(id) || !state.labels[id]) continue;
          seen.add(id);
          out.push(known(id, state.id));
        }
      }
      return out;
    },
    thumbnail: async (recordId) => {
      const { server } = await s.connection.get();
      return s.thumbnails.file(recordId, server.kind === 'local' ? 'built-in' : server.baseUrl);
    },
    lookUp: async (text) => {
      const { client } = await s.connection.get();
      const results = await client.search(text, { raiseErrors: true, maxStatusChecks: readSettings().statusCheckLimit });
      const ids = results.recordIds.slice(0, MAX_MATCHES);
      if (ids.length === 0) return [];
      const records = await client.getDetailsBatch(ids, ['CommonName', 'Formula']);
      const byId = new Map(records.map((r) => [r.id, r]));
      return ids.map((recordId) => ({ recordId, name: byId.get(recordId)?.commonName, formula: byId.get(recordId)?.formula }));
    },
  };
}
