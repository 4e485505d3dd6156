/**
 * The views of the Stacklet Cloud container, in the order package.json contributes them: the one list. Here, below
 * the views, because the kinds' menus (./declarations.ts, ./commands.ts) place commands in the views' title bars.
 */
export const VIEW_IDS = ['stacklets', 'volumes', 'userdata', 'containers', 'networking', 'kubernetes', 'snapshots', 'account'] as const;

export type ViewId = (typeof VIEW_IDS)[number];
