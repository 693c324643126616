/**
 * A model request that failed before the model could answer. `retryable` is the queue's whole
 * decision: a request the API will refuse the same way next time (a bad request, a rejected key,
 * an unknown model, a body too large) is not tried again; an outage, a rate limit or a dropped
 * connection may pass.
 */
export type ModelFailureKind =
  | 'refusedRequest'
  | 'keyRejected'
  | 'forbidden'
  | 'modelNotFound'
  | 'tooLarge'
  | 'rateLimited'
  | 'overloaded'
  | 'serverError'
  | 'unreachable'
  | 'stalled'
  | 'otherStatus';

export type ModelFailure = {
  kind: ModelFailureKind;
  retryable: boolean;
  /** What a person reads in the inbox and the check's verdict. */
  message: string;
  status?: number;
};

export class ModelRequestError extends Error {
  readonly failure: ModelFailure;
  constructor(failure: ModelFailure, options?: { cause?: unknown }) {
    super(failure.message, options);
    this.name = 'ModelRequestError';
    this.failure = failure;
  }
}

export function modelFailureOf(error: unknown): ModelFailure | undefined {
  return error instanceof ModelRequestError ? error.failure : undefined;
}

/** Statuses worth another try: timeouts, conflicts, rate limits and the server's own trouble. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * An HTTP error from a model API, in words. Pure: the provider passes what it read off the
 * response (`detail` is the API's own message, `type` its error type if any).
 */
export function failureFromStatus({
  status,
  type,
  detail,
  model,
}: {
  status: number;
  type?: string;
  detail: string;
  model: string;
}): ModelFailure {
  const said = `${status}${type ? ` ${type}` : ''}: ${detail.replace(/\.$/, '')}`;
  const retryable = isRetryableStatus(status);
  switch (status) {
    case 400:
      return {
        kind: 'refusedRequest',
        retryable,
        status,
        message: `The model refused the request (${said})`,
      };
    case 401:
      return {
        kind: 'keyRejected',
        retryable,
        status,
        message: `The API key was rejected (${said})`,
      };
    case 403:
      return {
        kind: 'forbidden',
        retryable,
        status,
        message: `The API key may not use this model or feature (${said})`,
      };
    case 404:
      return {
        kind: 'modelNotFound',
        retryable,
        status,
        message: `Model ${model} does not exist (${said})`,
      };
    case 413:
      return {
        kind: 'tooLarge',
        retryable,
        status,
        message: `The request was too large for the API (${said})`,
      };
    case 429:
      return {
        kind: 'rateLimited',
        retryable,
        status,
        message: `Rate limited by the API (${said})`,
      };
    case 529:
      return { kind: 'overloaded', retryable, status, message: `The API is overloaded (${said})` };
  }
  if (status >= 500) {
    return { kind: 'serverError', retryable, status, message: `The API had an error (${said})` };
  }
  return { kind: 'otherStatus', retryable, status, message: `The API answered ${said}` };
}
