/** A promise with its resolve and reject handed out: what Promise.withResolvers gives (Node 22+; not in Node 20). */
export interface Deferred<T = void> {
  promise: Promise<T>;
  resolve(value: T | PromiseLike<T>): void;
  reject(reason?: unknown): void;
}

/**
 * A new pending promise and the functions that settle it, for a test that holds something (a
 * transaction, a statement) at a gate until it releases it, or waits until code under test signals.
 * Settling twice is harmless, so a `finally` may release again.
 */
export function deferred<T = void>(): Deferred<T> {
  let resolve!: Deferred<T>['resolve'];
  let reject!: Deferred<T>['reject'];
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
