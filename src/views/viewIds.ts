/** The views of the Stacklet Cloud container, in the order package.json contributes them: the one list. */
export const VIEW_IDS = ['stacklets', 'volumes', 'userdata', 'containers', 'networking', 'kubernetes', 'snapshots', 'account'] as const;

export type ViewId = (typeof VIEW_IDS)[number];
