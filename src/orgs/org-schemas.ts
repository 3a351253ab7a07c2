import { Type } from 'typebox';
import { SLUG_PATTERN } from '../shared/slug.js';

export const OrganizationSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String({ description: 'The public address of the help center: /help/{slug}/' }),
  help_center: Type.Object({
    enabled: Type.Boolean({ description: 'When false every public help center page and API is 404' }),
    title: Type.String({ description: "The help center's title (the organization's name unless set)" }),
  }),
});

export const UpdateOrganizationBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    slug: Type.Optional(
      Type.String({
        minLength: 3,
        maxLength: 63,
        pattern: SLUG_PATTERN,
        description: 'Unique; the old slug keeps redirecting (301) to the new one',
      }),
    ),
    help_center: Type.Optional(
      Type.Object(
        {
          enabled: Type.Optional(Type.Boolean()),
          title: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
