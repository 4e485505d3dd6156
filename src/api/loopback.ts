/**
 * Whether a URL names this machine. A module of its own, with no imports: activation reads it (an account's place
 * in the Accounts menu) and must not load the URL checks, their errors and their words with it.
 */
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export function isLoopbackUrl(url: URL): boolean {
  return LOOPBACK.test(url.hostname);
}
