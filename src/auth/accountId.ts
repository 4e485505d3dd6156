/**
 * An account's id, derived from the API origin and the profile's uuid, never from the token. Apart from
 * accountRegistry.ts, which activation loads, so that activation does not import node:crypto for a sign-in.
 */
import { createHash } from 'node:crypto';

export function accountId(apiUrl: string, profileUuid: string): string {
  const origin = new URL(apiUrl).origin;
  return createHash('sha256').update(`${origin}\n${profileUuid}`).digest('hex').slice(0, 16);
}
