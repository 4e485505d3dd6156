/**
 * The one error body every failure answers with: `{id, message, errors?}`. Handlers throw ApiError before
 * touching state, so a refused request changes nothing.
 */

export interface FieldError {
  field: string;
  message: string;
}

export interface ErrorBody {
  id: string;
  message: string;
  errors?: FieldError[];
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }

  body(): ErrorBody {
    return this.errors ? { id: this.code, message: this.message, errors: this.errors } : { id: this.code, message: this.message };
  }

  /** 422 naming each field and its rule; the message repeats them so a client showing only `message` still helps. */
  static invalid(problems: FieldError[]): ApiError {
    // A problem with the body as a whole (an array or a string where an object belongs) has no field to name.
    const errors = problems.map((e) => (e.field ? e : { field: '', message: `the request body ${e.message}` }));
    const shown = errors.slice(0, 3).map((e) => (e.field ? `${e.field}: ${e.message}` : e.message));
    const more = errors.length > 3 ? ` (and ${errors.length - 3} more)` : '';
    return new ApiError(422, 'unprocessable_entity', shown.join('; ') + more, errors);
  }

  static field(field: string, message: string): ApiError {
    return ApiError.invalid([{ field, message }]);
  }

  static notFound(kind: string, id: string | number): ApiError {
    return new ApiError(404, 'not_found', `${kind} ${id} not found`);
  }

  static busy(kind: string, id: string | number, taskName: string): ApiError {
    return new ApiError(409, 'conflict', `${kind} ${id} has a task in progress (${taskName}); try again when it completes`);
  }

  static unauthorized(message: string): ApiError {
    return new ApiError(401, 'unauthorized', message);
  }
}
