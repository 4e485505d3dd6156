/**
 * What went wrong, as one message: an Error's (an ApiError's names the request and the service's own words,
 * already redacted), else the value itself. The one place that decides it, so every edge says the same; in api,
 * the lowest layer, because the connection check says errors too.
 */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
