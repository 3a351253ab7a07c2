import type { RouteOptions } from 'fastify';

// Plugins add per-route behaviour from their onRoute hooks by appending to the route's own hook lists
// (Fastify accepts one function or a list for each, and for `method` too).

/** One value or a list (or nothing) as a list. */
export const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

type RouteHookName = 'onRequest' | 'preValidation' | 'preHandler' | 'onSend';

/** Appends hooks to a route's `name` list, after those the route or earlier plugins put there. */
export function appendRouteHooks<K extends RouteHookName>(route: RouteOptions, name: K, ...hooks: unknown[]): void {
  route[name] = [...asList(route[name] as unknown), ...hooks] as RouteOptions[K];
}
