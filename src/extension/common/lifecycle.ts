import * as vscode from 'vscode';

export function disposeAll(disposables: vscode.Disposable[]): void {
  while (disposables.length) disposables.pop()?.dispose();
}

/** Owns disposables registered with `_register`, disposed together (newest first). */
export abstract class Disposable implements vscode.Disposable {
  private _isDisposed = false;
  private _disposables: vscode.Disposable[] = [];

  dispose(): void {
    if (this._isDisposed) return;
    this._isDisposed = true;
    disposeAll(this._disposables);
  }

  protected _register<T extends vscode.Disposable>(value: T): T {
    if (this._isDisposed) value.dispose();
    else this._disposables.push(value);
    return value;
  }

  protected get isDisposed(): boolean {
    return this._isDisposed;
  }
}
