import { Type } from 'typebox';
import { Nullable, NullableTimestamp, StringEnum, Timestamp } from '../shared/schemas.js';
import { ALL_SCOPES } from '../shared/scopes.js';

const ScopeSchema = StringEnum(ALL_SCOPES);

const keyFields = {
  id: Type.String(),
  name: Nullable(Type.String()),
  prefix: Type.String({ description: 'the start of the token, to recognise it; never enough to use it' }),
  scopes: Type.Array(ScopeSchema),
  created_at: Timestamp,
  last_used_at: NullableTimestamp,
  revoked_at: NullableTimestamp,
};

export const ApiKey = Type.Object(keyFields);

export const CreatedApiKey = Type.Object({
  ...keyFields,
  token: Type.String({ description: 'shown only in this response' }),
});

export const CreateApiKeyBody = Type.Object({
  name: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
  scopes: Type.Array(ScopeSchema, { minItems: 1, maxItems: 20 }),
});
