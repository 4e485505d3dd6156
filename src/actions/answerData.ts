/**
 * What a door gets back from an action sent or a read made, as data: the resource as it is now, its task, what a
 * read found. An agent's envelope (src/agent/envelope.ts) pages `items`; the rest is sent as it is. No vscode import.
 */
export type AnswerData = Readonly<Record<string, unknown>> & { readonly items?: readonly unknown[] };
