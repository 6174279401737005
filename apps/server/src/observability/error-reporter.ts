/** What the HTTP layer tells the error-reporting service about a request that failed on our side. */
export interface FailedRequest {
  method: string;
  /** The route's pattern (`/api/v1/things/:id`), never the address with its values. */
  route: string | undefined;
  /** The signed-in user, when there is one: the only personal datum reported. */
  userId: string | undefined;
}

/**
 * The error-reporting service, as the rest of the server sees it. Absent when no service is configured,
 * so callers hold `ErrorReporter | undefined` and no reporting code runs without one.
 */
export interface ErrorReporter {
  captureRequestError(error: unknown, request: FailedRequest): void;
  /** Sends what is queued; called before the process exits. */
  flush(timeoutMs: number): Promise<void>;
}
