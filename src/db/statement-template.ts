import type { CompiledQuery } from 'kysely';

// A hot statement built and compiled once, then bound to each call's values (issue 9, point 3).
// Building a statement through Kysely and compiling it costs the same at every call, however small
// the work: the webhook claim, built afresh for every claim of a few deliveries, was 4-5 % of a
// worker's CPU. The statement is compiled once with a sentinel in place of each value that varies;
// the sentinels' positions among the compiled parameters are where each call's values go. Every
// other parameter is a constant of the statement and is kept.

/** Values by name; each sentinel must be a value no constant of the statement can be (a negative number, a marked string). */
export type TemplateValues = Record<string, string | number>;

export interface StatementTemplate<V extends TemplateValues> {
  /** The compiled statement with `values` in place of the sentinels. */
  bind(values: V): CompiledQuery;
}

/**
 * The template of `compiled`, a statement compiled with `sentinels` as its varying values. Throws
 * if two sentinels are equal or one of them is not among the parameters (the statement was not
 * built from them): a template that could bind a value to the wrong place is never made.
 */
export function statementTemplate<V extends TemplateValues>(compiled: CompiledQuery, sentinels: V): StatementTemplate<V> {
  const names = new Map<unknown, keyof V>();
  for (const name of Object.keys(sentinels) as (keyof V)[]) {
    if (names.has(sentinels[name])) throw new Error(`statement template: ${String(name)} and ${String(names.get(sentinels[name]))} have the same sentinel`);
    names.set(sentinels[name], name);
  }
  const slots = compiled.parameters.map((p) => names.get(p));
  for (const name of names.values()) {
    if (!slots.includes(name)) throw new Error(`statement template: ${String(name)} is not a parameter of the statement`);
  }
  const constants = compiled.parameters;
  return {
    bind(values) {
      return { ...compiled, parameters: slots.map((name, i) => (name === undefined ? constants[i] : values[name])) };
    },
  };
}
