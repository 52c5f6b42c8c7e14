import { describe, expect, it } from 'vitest';
import { LoginSchema, ResetPasswordFormSchema } from './auth.ts';
import { EditUserBodySchema, UserFormSchema } from './users.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('auth and user schemas', () => {
  it('asks for username and password with the spec messages', () => {
    expect(messages(LoginSchema.safeParse({ Username: ' ', Password: '' }))).toEqual([
      'Please enter your username.',
      'Please enter your password.',
    ]);
    expect(LoginSchema.safeParse({ Username: 'a@b.co', Password: 'x' }).success).toBe(true);
  });
  it('requires matching passwords of at least 12 characters', () => {
    expect(messages(ResetPasswordFormSchema.safeParse({ password: 'long enough pw', confirmPassword: 'other' }))).toEqual([
      'Passwords do not match',
    ]);
    expect(messages(ResetPasswordFormSchema.safeParse({ password: 'short', confirmPassword: 'short' }))).toEqual([
      'Use at least 12 characters.',
    ]);
  });
  it('checks the user email with the spec rule and treats a blank password as none', () => {
    expect(messages(UserFormSchema.safeParse({ email: '', userRoles: [1] }))).toEqual(['Email is required.']);
    expect(messages(UserFormSchema.safeParse({ email: 'a@b.toolongtld', userRoles: [1] }))).toEqual([
      'Please enter a valid email address.',
    ]);
    const parsed = UserFormSchema.parse({ email: ' ann@example.com ', password: '', userRoles: ['2', '2'] });
    expect(parsed).toEqual({ email: 'ann@example.com', password: undefined, userRoles: [2] });
    expect(messages(EditUserBodySchema.safeParse({ id: 1, email: 'a@b.co', password: 'short', userRoles: [1], baseVersion: 1 }))).toEqual([
      'Use at least 12 characters.',
    ]);
  });
});
