import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps.js';

export interface WorkerHandle {
  stop(): Promise<void>;
}

/** Starts the delivery worker in this process. */
export function startWorker(_deps: AppDeps & { logger: FastifyBaseLogger }): WorkerHandle {
  return { stop: async () => undefined };
}
