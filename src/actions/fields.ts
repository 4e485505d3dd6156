/**
 * The input fields the action definitions share, each described for the model, and a validator's problem refused
 * naming its field. No vscode import.
 */
import * as z from 'zod/mini';
import { ActionInputError } from './refusals';

/** A short text field, described. */
export function text(description: string) {
  return z.string().check(z.minLength(1), z.maxLength(200), z.describe(description));
}

/**
 * A whole number. Checked as such, but declared to a model as a JSON number: `z.int()` would add the bounds of a
 * safe integer to every such field of every tool, a chat's tool budget spent on nothing (issue 34: small schemas).
 */
export function wholeNumber() {
  return z.number().check(z.refine(Number.isInteger, { message: 'must be a whole number' }));
}

/** An ID in the form the answers give it, number or string, described. */
export function idField(description: string) {
  return z.union([z.string().check(z.minLength(1), z.maxLength(200)), wholeNumber()]).check(z.describe(description));
}

/** The target's ID, as stacklet_find gives it. */
export function targetId(kind: string) {
  return idField(`The ${kind}'s ID, as stacklet_find gives it.`);
}

/** A validator's problem, refused naming the field. */
export function check(field: string, problem: string | undefined): void {
  if (problem !== undefined) throw new ActionInputError(field, problem);
}

/** A list of stacklets by ID (number or string, as the answers give them), described. */
export function stackletIds(description: string) {
  return z.array(idField('A stacklet\'s ID.')).check(z.maxLength(200), z.describe(description));
}
