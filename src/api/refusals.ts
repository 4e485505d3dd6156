/**
 * Reading a refusal: whether the service turned a request down (400 or 422) with a message that names a
 * field. The client retries a firewall create with the other documented spelling of its rule fields on such
 * a refusal, and Reset Password asks for a password when the bare form is refused naming `password`.
 */
import { ApiError } from './errors';

const REFUSED = new Set([400, 422]);

/**
 * True when `error` is the service refusing the request with a message naming one of `fields` as a whole
 * (`inbound_rules: unknown field`, `password is required`), not a part of it (`inbound_rules[0].address`).
 */
export function refusalNamesField(error: unknown, fields: string | readonly string[]): boolean {
  if (!(error instanceof ApiError) || error.kind !== 'http' || !REFUSED.has(error.status ?? 0)) return false;
  const message = error.serviceMessage ?? '';
  return (typeof fields === 'string' ? [fields] : fields).some((field) =>
    new RegExp(`(^|[^A-Za-z0-9_])${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_[.])`, 'i').test(message));
}
