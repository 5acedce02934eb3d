import type { Handlers } from '../webview-protocol/protocol';
import type { GridModel } from './gridModel';
import type { GridRequests } from './protocol';

/** The grid's requests about its records, answered from its model: by the extension for the editors, in the page for a notebook output. */
export function recordHandlers(model: GridModel): Pick<Handlers<GridRequests>, 'firstPage' | 'page' | 'texts' | 'uncomputed' | 'scanned'> {
  return {
    firstPage: ({ limit }) => model.page({ version: model.version, offset: 0, limit, filters: {} }),
    page: (request) => model.page(request),
    texts: async ({ version, ids }) => {
      if (!Array.isArray(ids)) throw new Error('ids must be an array');
      return { version: model.version, texts: version === model.version ? await model.texts(ids) : [] };
    },
    uncomputed: async ({ version, from }) => {
      const answer = version === model.version ? await model.uncomputed(from) : undefined;
      return answer && version === model.version ? { version, ...answer } : { version: model.version, ids: [], texts: [], end: 0 };
    },
    scanned: (report) => model.scanned(report),
  };
}
