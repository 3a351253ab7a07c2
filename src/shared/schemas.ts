import { Type, type TSchema, type Static } from 'typebox';

// Shared TypeBox building blocks. Enums and nullables are written as plain JSON-Schema keywords
// (enum, type: [x, "null"]) so validation errors name the real problem instead of an anyOf branch.

export const StringEnum = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

export const Nullable = <T extends TSchema>(schema: T) => {
  const s = schema as unknown as Record<string, unknown>;
  const nullable: Record<string, unknown> = { ...s, type: [s.type as string, 'null'] };
  // An enum lists every allowed value, so null must be one of them too.
  if (Array.isArray(s.enum)) nullable.enum = [...s.enum, null];
  return Type.Unsafe<Static<T> | null>(nullable);
};

export const Timestamp = Type.String({ format: 'date-time', description: 'UTC, millisecond precision' });
export const NullableTimestamp = Nullable(Type.String({ format: 'date-time' }));

export const ErrorResponse = Type.Object(
  {
    error: Type.Object({
      code: Type.String(),
      message: Type.String(),
      details: Type.Array(
        Type.Object({
          field: Type.String(),
          issue: Type.String(),
          id: Type.Optional(
            Type.String({ description: 'organization_required: an organization the email has an account in' }),
          ),
          name: Type.Optional(Type.String({ description: "organization_required: that organization's name" })),
        }),
      ),
      request_id: Type.String({ description: 'The X-Request-Id of this request (quote it when reporting a problem)' }),
    }),
  },
  { $id: 'ErrorResponse' },
);

export const PaginationMetaSchema = Type.Object({
  pagination: Type.Object({
    page: Type.Integer(),
    limit: Type.Integer(),
    total: Type.Integer(),
    total_pages: Type.Integer(),
    /** Only when the total is capped (see shared/pagination.ts). */
    total_capped: Type.Optional(Type.Literal(true)),
  }),
});

export const PageQuerySchema = {
  // No upper bound: a page past the end is an empty page, so services skip the row query then
  // (which also keeps absurd offsets away from the database).
  page: Type.Integer({ minimum: 1, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
};

export const Data = <T extends TSchema>(schema: T) => Type.Object({ data: schema });
export const DataList = <T extends TSchema>(schema: T) => Type.Object({ data: Type.Array(schema) });
export const PagedList = <T extends TSchema>(schema: T) =>
  Type.Object({ data: Type.Array(schema), meta: PaginationMetaSchema });

export const SuccessResponse = Type.Object({ success: Type.Boolean() });

const errorRef = Type.Unsafe<Static<typeof ErrorResponse>>({ $ref: 'ErrorResponse#' });

/** The error responses every authenticated route can give, for the OpenAPI document. */
export const errorResponses = {
  400: errorRef,
  401: errorRef,
  403: errorRef,
  404: errorRef,
  409: errorRef,
  413: errorRef,
  415: errorRef,
  429: errorRef,
};
