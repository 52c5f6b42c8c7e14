import { z } from 'zod';
import { saveGuardFields } from './edit-conflict.ts';

/** The spec's messages, word for word (sections 5 and 8), plus the server's own. */
export const USER_MESSAGES = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  passwordTooShort: 'Use at least 12 characters.',
  roleRequired: 'Choose at least one role.',
  duplicateEmail: 'A user with this email already exists.',
  emailCannotChange: 'The email of an existing user cannot be changed.',
  notFound: 'User not found.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotDeleteLastAdmin: 'The last Administrator cannot be deleted.',
  cannotRemoveLastAdmin: 'The last Administrator must keep the Administrator role.',
} as const;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

/** Spec section 5: letters, digits, dot, underscore, hyphen, @, domain, and a top-level domain of 2 to 6 letters. */
export const USER_EMAIL_PATTERN = /^[A-Za-z0-9._-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,6}$/;

export const UserEmailField = z
  .string({ error: USER_MESSAGES.emailRequired })
  .trim()
  .min(1, { error: USER_MESSAGES.emailRequired, abort: true })
  .max(254, { error: USER_MESSAGES.emailInvalid, abort: true })
  .regex(USER_EMAIL_PATTERN, USER_MESSAGES.emailInvalid);

/** A new password: at least 12 characters (no composition rules, per NIST SP 800-63B). */
export const NewPasswordField = z
  .string({ error: USER_MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, USER_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);

/** Blank (missing, null or '') means "assign a random one" on add and "unchanged" on edit; otherwise a valid new password. */
export const OptionalPasswordField = z
  .union([z.literal(''), z.null(), NewPasswordField])
  .optional()
  .transform((v) => (v ? v : undefined));

/** Role ids; form posts send them as strings, so they are coerced. */
export const UserRolesField = z
  .array(z.coerce.number({ error: USER_MESSAGES.roleRequired }).int().positive(), { error: USER_MESSAGES.roleRequired })
  .min(1, USER_MESSAGES.roleRequired)
  .transform((ids) => [...new Set(ids)]);

export const USER_NAME_MAX = 100;

/**
 * The person's name as the admin shows it (audit log, presence, edit conflicts: ADR 052). Optional:
 * blank ('' or null) is none (a name made from the email is shown); absent on an edit keeps it.
 */
export const UserNameValue = z
  .union([z.string(), z.null()])
  .transform((v) => (v === null ? null : v.trim() || null))
  .refine((v) => v === null || v.length <= USER_NAME_MAX, `Use at most ${USER_NAME_MAX} characters.`)
  .describe('the name the admin shows for the person; blank: one made from the email');
export const UserNameField = UserNameValue.optional();

/** POST /auth/update-name: the signed-in user's own name (My Account). */
export const UpdateNameSchema = z.object({ name: UserNameValue });
export type UpdateNameBody = z.output<typeof UpdateNameSchema>;

/** The user form (add and edit) and POST /api/adminusers/add, POST /auth/create-user. */
export const UserFormSchema = z.object({
  name: UserNameField,
  email: UserEmailField,
  password: OptionalPasswordField,
  userRoles: UserRolesField,
});
export type UserFormInput = z.input<typeof UserFormSchema>;
export type UserForm = z.output<typeof UserFormSchema>;

export const AddUserBodySchema = UserFormSchema;
export type AddUserBody = z.output<typeof AddUserBodySchema>;

/** POST /api/adminusers/edit: the email must be the user's current one (it cannot change). */
export const EditUserBodySchema = UserFormSchema.extend({ id: z.coerce.number().int().positive(), ...saveGuardFields });
export type EditUserBody = z.output<typeof EditUserBodySchema>;

export const UserIdParamsSchema = z.object({ id: z.coerce.number().int().positive({ error: USER_MESSAGES.notFound }) });

// Replies (the browser reads these shapes; the server declares them as response schemas).
export const RoleSchema = z.object({ id: z.number().int(), name: z.string() });
export type Role = z.infer<typeof RoleSchema>;
export const RoleListSchema = z.array(RoleSchema);

export const UserListItemSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable().describe('the name given (null: none; the admin shows one made from the email)'),
  email: z.string(),
  lastLogin: z.string().nullable(),
  userRoles: z.array(z.number().int()),
});
export type UserListItem = z.infer<typeof UserListItemSchema>;
export const UserListSchema = z.array(UserListItemSchema);

export const UserDetailSchema = UserListItemSchema.extend({
  twoFactorEnabled: z.boolean(),
  version: z.number().int().describe('moved on by every save in Users: send it as baseVersion when saving an edit (ADR 048)'),
});
export type UserDetail = z.infer<typeof UserDetailSchema>;

/** "All matching" of a bulk action on users (ADR 050): the list shows every user; a search narrows by email. */
export const UserBulkFilterSchema = z.object({
  search: z.string().trim().max(200).default('').describe('part of the email; blank: every user'),
});
export type UserBulkFilter = z.output<typeof UserBulkFilterSchema>;
