/**
 * What an agent sends a tool is checked here before anything is read or sent: a kind must be one the registry
 * lists and searches, a text must be a short string, an id must name a resource the account has. Every refusal
 * names the field it is about. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import { ActionInputError } from '../actions/refusals';
import { SEARCH_KINDS, type SearchKind } from '../kinds/registry';

/** The longest text an agent may send in one field (a query, a name, an id). */
const MAX_TEXT = 200;

/** `input` as an object of fields (an agent may send anything). */
export function fieldsOf(input: unknown): Readonly<Record<string, unknown>> {
  if (input === undefined || input === null) return {};
  if (typeof input !== 'object' || Array.isArray(input)) throw new ActionInputError('input', l10n.t('must be an object'));
  return input as Record<string, unknown>;
}

/** The field as a string, or undefined when absent (or required, when `required`). */
export function textField(input: Readonly<Record<string, unknown>>, field: string, required: true): string;
export function textField(input: Readonly<Record<string, unknown>>, field: string, required?: false): string | undefined;
export function textField(input: Readonly<Record<string, unknown>>, field: string, required = false): string | undefined {
  const value = input[field];
  if (value === undefined || value === null || value === '') {
    if (required) throw new ActionInputError(field, l10n.t('is required'));
    return undefined;
  }
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value !== 'string') throw new ActionInputError(field, l10n.t('must be a string'));
  if (value.length > MAX_TEXT) throw new ActionInputError(field, l10n.t('must be at most {0} characters', MAX_TEXT));
  return value;
}

/** A kind the tools can find and describe (`field` names it in the refusal). */
export function kindField(input: Readonly<Record<string, unknown>>, field: string, required: true): SearchKind;
export function kindField(input: Readonly<Record<string, unknown>>, field: string, required?: false): SearchKind | undefined;
export function kindField(input: Readonly<Record<string, unknown>>, field: string, required = false): SearchKind | undefined {
  const value = required ? textField(input, field, true) : textField(input, field);
  if (value === undefined) return undefined;
  if (!(SEARCH_KINDS as readonly string[]).includes(value)) {
    throw new ActionInputError(field, l10n.t('is not a kind of resource; one of: {0}', SEARCH_KINDS.join(', ')));
  }
  return value as SearchKind;
}

/** One of `choices`. */
export function choiceField<T extends string>(input: Readonly<Record<string, unknown>>, field: string, choices: readonly T[], fallback: T): T {
  const value = textField(input, field);
  if (value === undefined) return fallback;
  if (!(choices as readonly string[]).includes(value)) throw new ActionInputError(field, l10n.t('must be one of: {0}', choices.join(', ')));
  return value as T;
}
