/**
 * Where the in-editor emulator keeps its world between windows: one file in the extension's global storage
 * (per user, not per workspace: the emulator account is too). Text in, text out; what the text holds, its
 * bound and its format are the emulator's (src/emulator/savedWorld.ts).
 */
import * as vscode from 'vscode';
import type { WorldStorage } from './emulator/embedded';

export function emulatorWorldStorage(context: vscode.ExtensionContext): WorldStorage {
  const folder = context.globalStorageUri;
  const file = vscode.Uri.joinPath(folder, 'emulator-world.json');
  return {
    async read() {
      try {
        return new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
      } catch (error) {
        if (error instanceof vscode.FileSystemError && error.code === 'FileNotFound') return undefined;
        throw error;
      }
    },
    async write(text) {
      await vscode.workspace.fs.createDirectory(folder);
      await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(text));
    },
    async clear() {
      await vscode.workspace.fs.delete(file).then(undefined, (error: unknown) => {
        if (!(error instanceof vscode.FileSystemError && error.code === 'FileNotFound')) throw error;
      });
    },
  };
}
