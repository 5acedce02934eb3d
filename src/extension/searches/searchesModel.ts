import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import type { Logger } from '../common/logger';
import { errorMessage } from '../common/errors';
import type { Connection } from '../server/connection';
import { readSettings } from '../config/settings';
import { PAGE_SIZE, newSearchState, sanitizeStates, type SearchState } from './searchState';
import { inputOf, type SearchSpec } from './searchSpec';
import { InFlight } from '../../shared/in-flight';
import { SEARCHES_STORAGE_KEY } from './searchesView';
import type { CompoundDbClient } from '../../client';

const MAX_SEARCHES = 100;
/** How long a new search's changes wait to reach the tree together (see `start`). */
const HOLD_MS = 150;

/**
 * The searches of the tree: runs them, follows them live, keeps them in workspace (or global) state.
 * A failure lands in the search's own state; it never throws out of here half-applied.
 */
export class SearchesModel extends Disposable {
  private states: SearchState[];
  private readonly running = new Map<string, AbortController>();
  private readonly loading = new InFlight<string, void>();
  /** Searches whose changes are not yet told to the tree (see `start`). */
  private readonly held = new Set<string>();
  private readonly _onDidChange = this._register(new vscode.EventEmitter<SearchState | undefined>());
  /** Fires with the search that changed, or undefined when the list changed. */
  readonly onDidChange = this._onDidChange.event;
  private seq = 0;

  constructor(
    private readonly memento: vscode.Memento,
    private readonly connection: Connection,
    private readonly log: Logger,
  ) {
    super();
    this.states = sanitizeStates(memento.get<unknown>(SEARCHES_STORAGE_KEY));
    this._register({ dispose: () => this.running.forEach((c) => c.abort()) });
  }

  all(): readonly SearchState[] {
    return this.states;
  }

  get(id: string): SearchState | undefined {
    return this.states.find((s) => s.id === id);
  }

  private persist(): void {
    this.memento.update(SEARCHES_STORAGE_KEY, this.states.slice(0, MAX_SEARCHES)).then(undefined, (e: Error) => this.log.error(e));
  }

  private changed(state: SearchState | undefined, persist = true): void {
    if (persist) this.persist();
    if (state && this.held.has(state.id)) return;
    this._onDidChange.fire(state);
  }

  /**
   * Adds a search at the top of the tree and runs it to the end. Resolves with its final state (error included).
   * VS Code draws a view's changes at once only when none came in the last 200 ms (later ones wait until 200 ms pass
   * without one), so each change a quick search made on its way (the new row, its status, its results, their names)
   * put its rows a few hundred milliseconds later: a search done within HOLD_MS changes the tree once, at its end;
   * a longer one shows its running row after HOLD_MS and every change after that.
   */
  async start(spec: SearchSpec, signal?: AbortSignal, about: Pick<SearchState, 'queryTitle'> = {}): Promise<SearchState> {
    const state = { ...newSearchState(`${Date.now().toString(36)}-${(++this.seq).toString(36)}`, spec), ...about };
    this.states.unshift(state);
    this.states.length = Math.min(this.states.length, MAX_SEARCHES);
    this.persist();
    this.held.add(state.id);
    const release = () => {
      clearTimeout(timer);
      if (this.held.delete(state.id)) this._onDidChange.fire(undefined);
    };
    const timer = setTimeout(release, HOLD_MS);
    try {
      await this.execute(state, signal);
    } finally {
      release();
    }
    return state;
  }

  /** Remembers that a search row (no group) or a group row was expanded or collapsed, for the next reload. */
  setExpanded(id: string, group: string | undefined, expanded: boolean): void {
    const state = this.get(id);
    if (!state) return;
    if (group === undefined) state.collapsed = expanded ? undefined : true;
    else {
      const open = new Set(state.openGroups ?? []);
      if (expanded) open.add(group);
      else open.delete(group);
      state.openGroups = open.size ? [...open] : undefined;
    }
    this.persist();
  }

  /** Stops a running search (its status checks end at once); false when it was not running. */
  cancel(id: string): boolean {
    const controller = this.running.get(id);
    controller?.abort();
    return !!controller;
  }

  remove(id: string): void {
    this.running.get(id)?.abort();
    this.states = this.states.filter((s) => s.id !== id);
    this.changed(undefined);
  }

  /** Puts removed searches back where they stood (the tree is newest first), for Undo; ones present already are skipped. */
  putBack(removed: readonly SearchState[]): void {
    const known = new Set(this.states.map((st) => st.id));
    const back = removed.filter((st) => !known.has(st.id)).map((st) => ({ ...st, running: false }));
    if (back.length === 0) return;
    this.states = [...this.states, ...back].sort((a, b) => b.createdAt - a.createdAt).slice(0, MAX_SEARCHES);
    this.changed(undefined);
  }

  clear(): void {
    this.running.forEach((c) => c.abort());
    this.states = [];
    this.changed(undefined);
  }

  private async execute(state: SearchState, outer?: AbortSignal): Promise<void> {
    const controller = new AbortController();
    const onOuterAbort = () => controller.abort();
    outer?.addEventListener('abort', onOuterAbort, { once: true });
    if (outer?.aborted) controller.abort();
    this.running.set(state.id, controller);
    const started = Date.now();
    try {
      const { client } = await this.connection.get();
      // How a search runs loads with the first one (the client loads then too), not at activation.
      const [{ runSearch }, { suggestionsFor }] = await Promise.all([import('./runSearch.js'), import('./suggestions.js')]);
      const outcome = await runSearch(client, state.spec, {
        statusCheckLimit: readSettings().statusCheckLimit,
        signal: controller.signal,
        onProgress: (p) => {
          if (this.get(state.id) !== state) return;
          const message = p.message === undefined ? state.message : this.log.redact(p.message);
          Object.assign(state, { status: p.status, count: p.count ?? state.count, message, queryId: p.queryId ?? state.queryId });
          state.durationMs = Date.now() - started;
          this.changed(state, false);
        },
      });
      Object.assign(state, outcome, { running: false, durationMs: Date.now() - started, error: undefined });
      if (state.message !== undefined) state.message = this.log.redact(state.message);
      state.shown = { '': Math.min(PAGE_SIZE, state.ids.length) };
      for (const g of state.groups ?? []) state.shown[g.label] = Math.min(PAGE_SIZE, g.ids.length);
      if (state.ids.length === 0 && !state.groups) {
        state.suggestions = await suggestionsFor(state.spec, client, readSettings().statusCheckLimit, controller.signal).catch((e: Error) => {
          this.log.warn(`No suggestions: ${errorMessage(e)}`);
          return [];
        });
      }
      this.changed(state);
      await this.fetchLabels(state, this.visibleIds(state), controller.signal);
    } catch (error) {
      const { userMessage } = await import('../common/userMessage.js');
      state.running = false;
      state.durationMs = Date.now() - started;
      state.error = controller.signal.aborted ? 'cancelled' : this.log.redact(userMessage(error, inputOf(state.spec)));
      if (state.status === 'Starting' || !/^(Failed|TooManyRecords|Suspended|Unknown|Not Found)$/.test(state.status)) {
        state.status = controller.signal.aborted ? 'Cancelled' : 'Failed';
      }
      this.log.warn(`Search failed: ${controller.signal.aborted ? 'cancelled' : errorMessage(error)}`);
      this.changed(state);
    } finally {
      outer?.removeEventListener('abort', onOuterAbort);
      if (this.running.get(state.id) === controller) this.running.delete(state.id);
    }
  }

  /** IDs whose tree items are on screen. */
  visibleIds(state: SearchState): number[] {
    const ids = state.ids.slice(0, state.shown[''] ?? PAGE_SIZE);
    for (const g of state.groups ?? []) ids.push(...g.ids.slice(0, state.shown[g.label] ?? PAGE_SIZE));
    return [...new Set(ids)].filter((id) => !state.labels[id]);
  }

  /**
   * Shows another page: from what was fetched (batches, composite) or from the server. One at a time per list,
   * so two clicks cannot fetch the same page twice; a failed fetch leaves the list as it was.
   */
  loadMore(id: string, group?: string): Promise<void> {
    return this.loading.run(`${id}\n${group ?? ''}`, () => this.showMore(id, group));
  }

  private async showMore(id: string, group: string | undefined): Promise<void> {
    const state = this.get(id);
    if (!state || state.running) return;
    const key = group ?? '';
    const list = group === undefined ? state.ids : state.groups?.find((g) => g.label === group)?.ids;
    if (!list) return;
    const shown = state.shown[key] ?? 0;
    try {
      if (group === undefined && shown >= list.length && state.more && state.queryId) {
        const { nextPage } = await import('./runSearch.js');
        const page = await this.withQuery(id, (client, queryId) => nextPage(client, state.spec, queryId, list.length));
        if (this.get(id) !== state) return;
        list.push(...page.ids.filter((rid) => !list.includes(rid)));
        if (page.scores) state.scores = { ...state.scores, ...page.scores };
        if (page.spectrumIds) state.spectrumIds = { ...state.spectrumIds, ...page.spectrumIds };
        if (page.matchedPeaks) state.matchedPeaks = { ...state.matchedPeaks, ...page.matchedPeaks };
        state.more = page.more;
      }
      state.shown[key] = Math.min(shown + PAGE_SIZE, list.length);
      this.changed(state);
      await this.fetchLabels(state, this.visibleIds(state));
    } catch (error) {
      this.log.warn(`Could not load more results: ${errorMessage(error)}`);
      throw error;
    }
  }

  /**
   * Runs `use` with the search's query ID. When the server no longer knows that ID (it expired, or the service
   * restarted since the search was restored from the last session), the same spec runs again and `use` is
   * retried with the new ID, so a later page starts where the list stands and the SDF holds the same results;
   * the row says the search was refreshed.
   */
  async withQuery<T>(id: string, use: (client: CompoundDbClient, queryId: string) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const state = this.get(id);
    if (!state?.queryId) throw new Error(vscode.l10n.t('This search has no query ID on the server; re-run it'));
    const { client } = await this.connection.get();
    try {
      return await use(client, state.queryId);
    } catch (error) {
      const { isUnknownQueryError } = await import('../../client/errors.js');
      if (!isUnknownQueryError(error)) throw error;
      this.log.info(`Query ${state.queryId} is no longer known to the server; running the search again`);
    }
    const query = client.query(state.spec);
    await query.run({ maxStatusChecks: readSettings().statusCheckLimit, signal });
    if (!query.queryId) throw new Error(vscode.l10n.t('The search ran again but the server gave no query ID; re-run it'));
    state.queryId = query.queryId;
    state.refreshedAt = Date.now();
    if (query.count !== undefined) state.count = query.count;
    this.changed(state);
    return use(client, query.queryId);
  }

  private async fetchLabels(state: SearchState, ids: number[], signal?: AbortSignal): Promise<void> {
    if (ids.length === 0) return;
    try {
      const { client } = await this.connection.get();
      const records = await client.getDetailsBatch(ids, ['CommonName', 'Formula', 'MonoisotopicMass'], { signal });
      for (const r of records) state.labels[r.id] = { name: r.commonName, formula: r.formula, mass: r.monoisotopicMass };
      this.changed(state);
    } catch (error) {
      this.log.warn(`Could not load result names: ${errorMessage(error)}`);
    }
  }
}
