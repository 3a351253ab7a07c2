import { Type } from 'typebox';
import { Timestamp } from '../shared/schemas.js';
import { Name } from './admin-schemas.js';

const Color = Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description: '#rrggbb' });

export const Tag = Type.Object({
  id: Type.String(),
  name: Type.String(),
  color: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const CreateTagBody = Type.Object({
  name: Name(50),
  color: Type.Optional(Color),
});

export const UpdateTagBody = Type.Partial(CreateTagBody);
