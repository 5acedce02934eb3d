import { recordHandlers } from '../../grid/gridHandlers';
import type { GridModel } from '../../grid/gridModel';
import type { GridActionRequests, GridRequests, NotebookGridProtocol } from '../../grid/protocol';
import { callHandler, type PageEndpoint } from '../../webview-protocol/endpoint';
import type { Handlers, ParamsArg } from '../../webview-protocol/protocol';

/** Where the grid's records and actions live: the extension host (editors: a `PageEndpoint`) or the page itself (notebook outputs). */
export interface GridBackend {
  request<M extends keyof GridRequests & string>(method: M, ...params: ParamsArg<GridRequests[M]>): Promise<GridRequests[M]['result']>;
}

/**
 * A notebook output's backend: the records are the output's bytes, held in the page; actions go to the extension
 * when it listens (copy then falls back to the page's clipboard, the rest say they need it).
 */
export class LocalBackend implements GridBackend {
  private readonly handlers: Handlers<GridRequests>;

  constructor(model: GridModel, extension: PageEndpoint<NotebookGridProtocol> | undefined) {
    const needsExtension = async (): Promise<never> => {
      throw new Error('this needs the Compound DB extension, which is not listening here');
    };
    const actions: Handlers<GridActionRequests> = extension
      ? {
          copy: (params) => extension.request('copy', params),
          openDetails: (params) => extension.request('openDetails', params),
          lookUp: (params) => extension.request('lookUp', params),
          insertMol: (params) => extension.request('insertMol', params),
        }
      : { copy: ({ text }) => navigator.clipboard.writeText(text), openDetails: needsExtension, lookUp: needsExtension, insertMol: needsExtension };
    this.handlers = {
      ...recordHandlers(model),
      ...actions,
      edit: () => {
        throw new Error('A notebook output cannot be edited.');
      },
    };
  }

  request<M extends keyof GridRequests & string>(method: M, ...params: ParamsArg<GridRequests[M]>): Promise<GridRequests[M]['result']> {
    return callHandler(this.handlers, method, ...params);
  }
}
