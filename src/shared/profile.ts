import { Type, type Static } from 'typebox';
import { MAX_AMOUNT } from './money';
import { MAX_DISPLAY_NAME, MAX_PERSON_NAME } from './constants/profile';

const Name = (max: number) => Type.String({ maxLength: max });

export const Profile = Type.Object({
  user_id: Type.String(),
  display_name: Type.String(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  monthly_budget: Type.Union([Type.Number(), Type.Null()]),
  /** Whether what is left of the monthly budget (or overspent) carries into the next month. */
  budget_rollover: Type.Boolean(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  avatar_url: Type.Union([Type.String(), Type.Null()]),
});
export type Profile = Static<typeof Profile>;

export const ProfileUpdate = Type.Object(
  {
    display_name: Type.String({ minLength: 1, maxLength: MAX_DISPLAY_NAME, pattern: '\\S' }),
    first_name: Type.Optional(Name(MAX_PERSON_NAME)),
    last_name: Type.Optional(Name(MAX_PERSON_NAME)),
    monthly_budget: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: MAX_AMOUNT }), Type.Null()])),
    budget_rollover: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ProfileUpdate = Static<typeof ProfileUpdate>;

/** POST /api/auth/register: sent right after the account is created at the identity provider. */
export const RegisterBody = Type.Object(
  {
    user_id: Type.String({ minLength: 1, maxLength: 128 }),
    email: Type.String({ minLength: 3, maxLength: 320 }),
    display_name: Type.String({ minLength: 1, maxLength: MAX_DISPLAY_NAME, pattern: '\\S' }),
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

/** POST /profile/: the receipt area's create-on-404 (spec §7). */
export const CreateProfileBody = Type.Object(
  {
    user_id: Type.String({ minLength: 1, maxLength: 128 }),
    display_name: Type.String({ maxLength: MAX_DISPLAY_NAME }),
    email: Type.String({ maxLength: 320 }),
    avatar_url: Type.Optional(Type.Union([Type.String({ maxLength: 2048 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type CreateProfileBody = Static<typeof CreateProfileBody>;
