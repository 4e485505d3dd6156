/**
 * The load balancer create body as the client builds it, apart from the request schemas (./requests.ts) so that
 * building one does not build every request schema: only the emulator validates bodies with those (issue 47).
 */
import type { CreateLoadBalancerBody, ForwardingRuleInput } from './requests';
import type { output } from 'zod/mini';

/** What Create Load Balancer collects, in the extension's words. */
export interface NewLoadBalancer {
  readonly name: string;
  readonly region: string;
  readonly algorithm: string;
  readonly rules: readonly ForwardingRuleInput[];
  readonly health: {
    readonly protocol: string;
    readonly port: number;
    readonly path?: string;
    readonly interval?: number;
    readonly rise?: number;
    readonly fall?: number;
  };
  readonly stackletIds?: readonly number[];
  /** Sticky sessions by cookie; undefined when they are off. */
  readonly sticky?: { readonly cookieName: string; readonly ttlSeconds: number };
  readonly redirectHttpToHttps?: boolean;
}

/**
 * The create body as the documentation writes it: `sticky_sessions` left out when off ("not configured if
 * omitted"; never null), its `ttl` a string of seconds as the model shows it, and no empty `stacklet_ids`.
 */
export function buildCreateLoadBalancerBody(lb: NewLoadBalancer): output<typeof CreateLoadBalancerBody> {
  return {
    name: lb.name,
    region: lb.region,
    algorithm: lb.algorithm,
    rules: lb.rules.map((rule) => ({ ...rule })),
    health: {
      protocol: lb.health.protocol,
      port: lb.health.port,
      ...(lb.health.path !== undefined ? { path: lb.health.path } : {}),
      ...(lb.health.interval !== undefined ? { interval: lb.health.interval } : {}),
      ...(lb.health.rise !== undefined ? { rise: lb.health.rise } : {}),
      ...(lb.health.fall !== undefined ? { fall: lb.health.fall } : {}),
    },
    ...(lb.stackletIds && lb.stackletIds.length > 0 ? { stacklet_ids: [...lb.stackletIds] } : {}),
    ...(lb.sticky ? { sticky_sessions: { name: lb.sticky.cookieName, ttl: String(lb.sticky.ttlSeconds) } } : {}),
    redirect_http_to_https: lb.redirectHttpToHttps ?? false,
  };
}
