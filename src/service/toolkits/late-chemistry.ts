/**
 * The chemistry of a service that listens before its toolkits have loaded: an object standing for the Chemistry still
 * loading, so the service can answer what needs no chemistry (name, formula and mass searches, records, datasources)
 * at once. Routes that need it wait for `ready` first (current/router.ts, server.ts); a call before then is a bug and
 * throws, naming it.
 */
import type { Chemistry, StructureToolkit } from './types';

export interface LateChemistry {
  /** Forwards to the loaded Chemistry; throws when called before `ready()` resolved. */
  chemistry: Chemistry;
  /** The loaded Chemistry, its load started by the first call (rejects with the reason it failed to load). */
  ready: () => Promise<Chemistry>;
}

/** `load` runs on the first `ready()` (a one-shot command's name search never loads the toolkits). */
export function lateChemistry(load: () => Promise<Chemistry>, wasmDir: string | undefined): LateChemistry {
  let loaded: Chemistry | undefined;
  let loading: Promise<Chemistry> | undefined;
  let log: (line: string) => void = () => undefined;
  const ready = (): Promise<Chemistry> => {
    if (!loading) {
      loading = load().then((c) => {
        c.setLog(log);
        return (loaded = c);
      });
      loading.catch(() => undefined);
    }
    return loading;
  };
  const now = (): Chemistry => {
    if (!loaded) throw new Error('the chemistry toolkit is still loading: the route must wait for it (ServiceContext.chemistryReady)');
    return loaded;
  };
  const structures: StructureToolkit = {
    parseQuery: (text, format) => now().structures.parseQuery(text, format),
    morgan: (smiles) => now().structures.morgan(smiles),
    highlightSvg: (structure, query, size) => now().structures.highlightSvg(structure, query, size),
    wasmDir,
  };
  const chemistry: Chemistry = {
    describe: (structure) => now().describe(structure),
    molFromInchi: (inchi) => now().molFromInchi(inchi),
    prepareInchi: async () => (await ready()).prepareInchi(),
    molFromInchiAsync: async (inchi) => (await ready()).molFromInchiAsync(inchi),
    inchiKeyOfInchi: async (inchi) => (await ready()).inchiKeyOfInchi(inchi),
    setLog: (line) => {
      log = line;
      loaded?.setLog(line);
    },
    toolkitHealth: () => loaded?.toolkitHealth() ?? { replacements: 0, spareReady: false },
    unguardedRdkitForTests: (use) => now().unguardedRdkitForTests(use),
    inchiKeyOf: (structure) => now().inchiKeyOf(structure),
    identityOf: (structure) => now().identityOf(structure),
    depictPng: (structure, size) => now().depictPng(structure, size),
    depictPngHighlighted: (structure, query, size) => now().depictPngHighlighted(structure, query, size),
    structures,
  };
  return { chemistry, ready };
}
