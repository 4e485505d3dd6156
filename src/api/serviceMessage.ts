/**
 * The human message in an error body the service sent. jsonc-parser is loaded only for a body JSON.parse refuses,
 * not on the path of every first answer (issue 47).
 */

const MAX_MESSAGE = 500;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function fromErrorsArray(errors: unknown): string | undefined {
  if (!Array.isArray(errors)) return undefined;
  const parts = errors
    .map((entry) => {
      if (typeof entry === 'string') return entry;
      if (entry && typeof entry === 'object') {
        const record = entry as Record<string, unknown>;
        const message = text(record.message) ?? text(record.detail) ?? text(record.error);
        const field = text(record.field) ?? text(record.path) ?? text(record.source);
        if (message) return field && !message.startsWith(field) ? `${field}: ${message}` : message;
      }
      return undefined;
    })
    .filter((part): part is string => part !== undefined);
  return parts.length > 0 ? parts.join('; ') : undefined;
}

/**
 * Finds the human message in whatever error body the service sent: `message`, `error` (a string or an
 * object with `message`), `detail`, `errors[]` (strings or objects), or plain text. Undefined when none.
 * `redact` runs on the message once it is decoded (JSON can spell the token `\u0073tk…` or with `\/`), before
 * it is shortened, so not even the token's beginning survives.
 */
export async function extractServiceMessage(
  body: string,
  contentType: string | undefined,
  redact: (text: string) => string = (text) => text,
): Promise<string | undefined> {
  const trimmed = body.trim();
  if (trimmed === '') return undefined;
  let found: string | undefined;
  if (trimmed.startsWith('{') || trimmed.startsWith('[') || contentType?.includes('json')) {
    try {
      const json = await parseLeniently(trimmed);
      if (Array.isArray(json)) {
        found = fromErrorsArray(json);
      } else if (json && typeof json === 'object') {
        const record = json as Record<string, unknown>;
        const error = record.error;
        found =
          text(record.message) ??
          text(error) ??
          (error && typeof error === 'object' ? text((error as Record<string, unknown>).message) : undefined) ??
          text(record.detail) ??
          fromErrorsArray(record.errors);
      } else {
        found = text(json);
      }
    } catch {
      found = undefined;
    }
  }
  if (found === undefined && !contentType?.includes('html') && !trimmed.startsWith('<')) found = trimmed;
  if (found === undefined) return undefined;
  const oneLine = redact(found).replace(/\s+/g, ' ');
  return oneLine.length > MAX_MESSAGE ? `${oneLine.slice(0, MAX_MESSAGE)}…` : oneLine;
}

/**
 * JSON.parse, or else jsonc-parser's error-tolerant parse: an error body cut at its size limit (or just sloppy)
 * still yields the message it begins with. Throws (too deep, say) when neither can read it.
 */
async function parseLeniently(text: string): Promise<unknown> {
  try {
    return JSON.parse(text);
  } catch {
    const { parse } = await import('jsonc-parser');
    return parse(text, [], { allowTrailingComma: true });
  }
}
