/** A VPC's row: always ready. No vscode import. */
import { rowStates } from '../rowState';

export const vpcRow = rowStates('vpc', ['ready']);
