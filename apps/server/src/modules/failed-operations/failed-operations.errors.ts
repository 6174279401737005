import { conflict, notFound } from '../../http/errors.js';

export const operationNotFound = () =>
  notFound(
    'failed_operation.not_found',
    'One of these operations is no longer in the list: it may have been retried or discarded by someone else. Refresh and try again.',
  );

export const operationRunning = () =>
  conflict(
    'failed_operation.running',
    'One of these operations is running again after a retry. Wait until it finishes before discarding or retrying it.',
  );
