/** The grid's keyboard: which key does what (the grid carries it out). */
export type KeyCommand =
  | { kind: 'focus'; to: 'next' | 'previous' | 'first' | 'last' }
  | { kind: 'page'; by: 1 | -1 }
  | { kind: 'move'; by: 1 | -1 }
  | { kind: 'toggle' | 'openDetails' | 'selectAll' | 'delete' | 'unselect' }
  | { kind: 'copy'; format: 'smiles' | 'sdf' };

export function keyCommand(e: KeyboardEvent): KeyCommand | undefined {
  const mod = e.ctrlKey || e.metaKey;
  if (e.altKey && e.key === 'ArrowUp') return { kind: 'move', by: -1 };
  if (e.altKey && e.key === 'ArrowDown') return { kind: 'move', by: 1 };
  switch (e.key) {
    case 'ArrowDown':
      return { kind: 'focus', to: 'next' };
    case 'ArrowUp':
      return { kind: 'focus', to: 'previous' };
    case 'Home':
      return { kind: 'focus', to: 'first' };
    case 'End':
      return { kind: 'focus', to: 'last' };
    case 'PageDown':
      return { kind: 'page', by: 1 };
    case 'PageUp':
      return { kind: 'page', by: -1 };
    case ' ':
      return { kind: 'toggle' };
    case 'Enter':
      return { kind: 'openDetails' };
    case 'Delete':
      return { kind: 'delete' };
    case 'Escape':
      return { kind: 'unselect' };
  }
  if (mod && e.key.toLowerCase() === 'a') return { kind: 'selectAll' };
  if (mod && e.key.toLowerCase() === 'c') return { kind: 'copy', format: e.shiftKey ? 'sdf' : 'smiles' };
  return undefined;
}
