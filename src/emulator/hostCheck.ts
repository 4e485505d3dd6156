/**
 * Which Host headers the emulator answers (see EmulatorOptions.allowedHosts). A browser sends the name it
 * looked up, so a page on attacker.example that rebinds its name to 127.0.0.1 still says attacker.example.
 */
import { isIP } from 'node:net';

/** `127.0.0.1:8787` → `127.0.0.1`; `[::1]:8787` → `::1`; `Example.test.` → `example.test`. */
export function hostName(header: string): string {
  const value = header.trim().toLowerCase();
  if (isIP(value) === 6) return value;
  const bracketed = /^\[([^\]]*)\](?::\d*)?$/.exec(value);
  const name = bracketed ? bracketed[1]! : value.replace(/:\d*$/, '');
  return name.replace(/\.$/, '');
}

export function isLoopbackName(name: string): boolean {
  if (name === 'localhost' || name === '::1') return true;
  return isIP(name) === 4 && name.startsWith('127.');
}

/** A check of Host headers for a server bound to `bindAddress`; `undefined` when every Host is answered. */
export function hostCheck(bindAddress: string, allowedHosts: readonly string[] | undefined): ((header: string | undefined) => boolean) | undefined {
  const bindName = hostName(bindAddress);
  if (!allowedHosts?.length && !isLoopbackName(bindName)) return undefined;
  const allowed = new Set((allowedHosts ?? []).map(hostName));
  return (header) => {
    if (header === undefined) return false;
    const name = hostName(header);
    return isLoopbackName(name) || allowed.has(name);
  };
}
