import { Type } from 'typebox';
import { Nullable, Timestamp } from '../shared/schemas.js';

const Limited = Type.Object({ used: Type.Integer(), limit: Nullable(Type.Integer()) });

export const Usage = Type.Object({
  period_start: Timestamp,
  period_end: Timestamp,
  tickets: Limited,
  seats: Limited,
  webhooks: Limited,
  ai_credits: Type.Object({
    used: Type.Integer(),
    included: Type.Integer(),
    purchased: Type.Integer(),
    remaining: Type.Integer(),
    overage_this_period: Type.Integer(),
  }),
});
