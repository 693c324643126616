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

const statusMeanings: Record<number, { kind: ModelFailureKind; says: (model: string) => string }> =
  {
    400: { kind: 'refusedRequest', says: () => 'The model refused the request' },
    401: { kind: 'keyRejected', says: () => 'The API key was rejected' },
    403: { kind: 'forbidden', says: () => 'The API key may not use this model or feature' },
    404: { kind: 'modelNotFound', says: (model) => `Model ${model} does not exist` },
    413: { kind: 'tooLarge', says: () => 'The request was too large for the API' },
    429: { kind: 'rateLimited', says: () => 'Rate limited by the API' },
    529: { kind: 'overloaded', says: () => 'The API is overloaded' },
  };

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
  const meaning =
    statusMeanings[status] ??
    (status >= 500
      ? { kind: 'serverError' as const, says: () => 'The API had an error' }
      : { kind: 'otherStatus' as const, says: () => 'The API answered an unexpected status' });
  return {
    kind: meaning.kind,
    retryable: isRetryableStatus(status),
    status,
    message: `${meaning.says(model)} (${said})`,
  };
}
