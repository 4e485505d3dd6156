/** A load balancer's row: active or busy, and whether it has its address yet. No vscode import. */
import type { LoadBalancer } from '../../api/schemas';
import { rowStates } from '../rowState';

export const loadBalancerRow = rowStates('loadBalancer', ['active', 'busy'], ['hasIp']);

export function loadBalancerContextValue(lb: LoadBalancer): string {
  return loadBalancerRow.context(lb.task ? 'busy' : 'active', { hasIp: !!lb.ip });
}
