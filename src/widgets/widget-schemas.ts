import { Type, type Static } from 'typebox';
import { StringEnum, Timestamp } from '../shared/schemas.js';

export const IDENTITY_MODES = ['off', 'optional', 'required'] as const;
export type IdentityMode = (typeof IDENTITY_MODES)[number];
/** Origins per widget at most: a widget serves a handful of sites. */
export const MAX_ORIGINS = 50;

const Origin = Type.String({
  minLength: 1,
  maxLength: 300,
  description: 'A scheme, host and optional port, nothing else: `https://shop.example`, `http://localhost:3000`',
});
const Origins = Type.Array(Origin, { maxItems: MAX_ORIGINS });
const WidgetName = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const Identity = StringEnum(IDENTITY_MODES, {
  description:
    'off: every visitor is anonymous; optional: a visitor may be identified by a JWT from the site; required: ' +
    'only identified visitors may chat',
});

export const CreateWidgetBody = Type.Object({
  name: WidgetName,
  allowed_origins: Origins,
  identity: Type.Optional(Identity),
});
export type CreateWidgetInput = Static<typeof CreateWidgetBody>;

export const UpdateWidgetBody = Type.Object({
  name: Type.Optional(WidgetName),
  allowed_origins: Type.Optional(Origins),
  identity: Type.Optional(Identity),
});
export type UpdateWidgetInput = Static<typeof UpdateWidgetBody>;

const widgetFields = {
  id: Type.String(),
  name: Type.String(),
  key: Type.String({ description: 'The public key (`wk_…`) the embed snippet carries' }),
  allowed_origins: Type.Array(Type.String()),
  identity: Identity,
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const WidgetSchema = Type.Object(widgetFields);
export type WidgetView = Static<typeof WidgetSchema>;

export const WidgetWithSecretSchema = Type.Object({
  ...widgetFields,
  identity_secret: Type.String({
    description: 'The HS256 secret identity tokens are signed with: shown only on create and on rotation',
  }),
});
export type WidgetWithSecretView = Static<typeof WidgetWithSecretSchema>;
