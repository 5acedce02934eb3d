import * as vscode from 'vscode';
import type { SearchState } from '../searches/searchState';
import { identifySpectrum, type IdentifyArgs } from '../spectra/identifyCommand';
import { defineCommand, type CommandDefinition } from './defineCommand';
import type { Services } from './services';

/** Identify Spectrum…: from the palette, the Explorer's context menu on a spectra file (its URI), or a program. */
export function defineSpectrumCommands(s: Services): CommandDefinition[] {
  return [
    defineCommand<IdentifyArgs | vscode.Uri, SearchState>('compoundDb.identifySpectrum', s.log, (args, invocation) =>
      identifySpectrum(s, args instanceof vscode.Uri ? { file: args.fsPath } : args, invocation === 'person'),
    ),
  ];
}
