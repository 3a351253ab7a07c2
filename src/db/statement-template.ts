import type { CompiledQuery } from 'kysely';

// A hot statement built and compiled once, then bound to each call's values.
// Building a statement through Kysely and compiling it costs the same at every call, however small
// the work: the webhook claim, built afresh for every claim of a few deliveries, was 4-5 % of a
// worker's CPU. The statement is compiled once with a sentinel in place of each value that varies;
// the sentinels' positions among the compiled parameters are where each call's values go. Every
// other parameter is a constant of the statement and is kept.

/**
 * Values by name; each sentinel must be a value no constant of the statement can be (a negative
 * number, a marked string, or an array object of its own: arrays are told apart by identity, and
 * Kysely passes a value's array to the parameters as it is).
 */
export type TemplateValues = Record<string, string | number | readonly string[]>;

export interface StatementTemplate<V extends TemplateValues, R = unknown> {
  /** The compiled statement with `values` in place of the sentinels. */
  bind(values: V): CompiledQuery<R>;
}

/** The template of statements run one after the other, with one set of values for all of them. */
export interface StatementsTemplate<V extends TemplateValues> {
  /** The compiled statements, in order, each with `values` in place of its sentinels. */
  bind(values: V): CompiledQuery[];
}

/**
 * The template of `compiled`, a statement compiled with `sentinels` as its varying values. Throws
 * if two sentinels are equal or one of them is not among the parameters (the statement was not
 * built from them): a template that could bind a value to the wrong place is never made.
 */
export function statementTemplate<V extends TemplateValues, R>(
  compiled: CompiledQuery<R>,
  sentinels: V,
): StatementTemplate<V, R> {
  const [template] = templatesOf([compiled], sentinels);
  return { bind: (values) => template(values) as CompiledQuery<R> };
}

/**
 * statementTemplate for statements that share their values: each sentinel must be a parameter of at
 * least one of them (each statement binds those it has).
 */
export function statementsTemplate<V extends TemplateValues>(
  compiled: readonly CompiledQuery[],
  sentinels: V,
): StatementsTemplate<V> {
  const templates = templatesOf(compiled, sentinels);
  return { bind: (values) => templates.map((bind) => bind(values)) };
}

function templatesOf<V extends TemplateValues>(
  compiled: readonly CompiledQuery[],
  sentinels: V,
): ((values: V) => CompiledQuery)[] {
  const names = new Map<unknown, keyof V>();
  for (const name of Object.keys(sentinels) as (keyof V)[]) {
    if (names.has(sentinels[name]))
      throw new Error(
        `statement template: ${String(name)} and ${String(names.get(sentinels[name]))} have the same sentinel`,
      );
    names.set(sentinels[name], name);
  }
  const slotsOf = compiled.map((c) => c.parameters.map((p) => names.get(p)));
  for (const name of names.values()) {
    if (!slotsOf.some((slots) => slots.includes(name))) {
      throw new Error(
        `statement template: ${String(name)} is not a parameter of ${compiled.length === 1 ? 'the statement' : 'any of the statements'}`,
      );
    }
  }
  return compiled.map((statement, k) => {
    const slots = slotsOf[k];
    const constants = statement.parameters;
    return (values: V) => ({
      ...statement,
      parameters: slots.map((name, i) => (name === undefined ? constants[i] : values[name])),
    });
  });
}
