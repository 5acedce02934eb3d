import { ResolveProblems } from '../resolve/resolveProblems';
import type { CommandDefinition } from './defineCommand';
import { defineEditorCommands } from './editorCommands';
import { defineGridCommands } from './gridCommands';
import { defineLegacyCommands } from './legacyCommands';
import { defineLookupCommands } from './lookupCommands';
import { defineResolveCommand } from './resolveCommand';
import { defineSearchCommands } from './searchCommands';
import { setRecordSource } from './recordPicker';
import { recordSourceOf } from './recordSource';
import { defineSecretCommands } from './secretCommands';
import { defineServerCommands } from './serverCommands';
import type { Services } from './services';
import { defineSpectrumCommands } from './spectrumCommands';
import { defineTreeCommands } from './treeCommands';

export type CommandTable = ReadonlyMap<string, CommandDefinition['run']>;

/**
 * Every command's handler by its ID. This module, and the prompts, pickers and panels the handlers use, load on the
 * first run of any command (`registerContributedCommands`), not at activation.
 */
export function commandTable(s: Services): CommandTable {
  const problems = new ResolveProblems();
  s.context.subscriptions.push(problems, setRecordSource(recordSourceOf(s)));
  const definitions = [
    ...defineSearchCommands(s),
    ...defineLookupCommands(s),
    ...defineLegacyCommands(s),
    ...defineTreeCommands(s),
    ...defineSecretCommands(s),
    ...defineServerCommands(s),
    defineResolveCommand(s, problems),
    ...defineGridCommands(s),
    ...defineEditorCommands(s),
    ...defineSpectrumCommands(s),
  ];
  return new Map(definitions.map((d) => [d.id, d.run]));
}
