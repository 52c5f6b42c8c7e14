import { differingFields, saveGuardOf } from '#shared/validation/edit-conflict.ts';
import { overwroteDetail, staleRecord } from '../record-versions-repository.ts';
import { DomainError, NotFoundError } from '#domain/errors.ts';
import { ROLE_IDS } from '#shared/permissions.ts';
import { USER_MESSAGES, type AddUserBody, type EditUserBody, type UserDetail, type UserListItem } from '#shared/validation/users.ts';
import type { AuthService, RequestContext, SessionUser } from '../auth/auth-service.ts';
import { randomPassword } from '../auth/passwords.ts';
import type { UserRow, UsersRepository } from './users-repository.ts';

export interface UsersServiceDeps {
  repo: UsersRepository;
  transaction<T>(work: (repo: UsersRepository) => Promise<T>): Promise<T>;
  auth: AuthService;
}

function toDto(row: UserRow): UserListItem {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    lastLogin: row.lastLogin ? row.lastLogin.toISOString() : null,
    userRoles: row.userRoles,
  };
}

function sameRoles(a: number[], b: number[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

/** Is the unique-email constraint what failed? (both PGlite and node-postgres report SQLSTATE 23505) */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Site administration accounts. Rules: emails are unique (case-insensitive) and cannot change on
 * edit; a blank password on add assigns a random one and emails a set-password link, a blank one
 * on edit keeps the password; nobody deletes their own account, and the last Administrator can be
 * neither deleted nor demoted. Every change is written to the audit log.
 */
export function createUsersService(deps: UsersServiceDeps) {
  const { repo, auth } = deps;

  async function checkRoles(roles: number[]) {
    const known = await repo.existingRoleIds(roles);
    if (known.length !== roles.length) throw new DomainError('Choose a role from the list.', 400);
  }

  /** Role names in id order ("Administrator", "Editor"), for the audit log's words. */
  async function roleNames(ids: number[]): Promise<string[]> {
    const names = new Map((await repo.roles()).map((r) => [r.id, r.name]));
    return [...ids].sort((a, b) => a - b).map((id) => names.get(id) ?? `role ${id}`);
  }

  async function get(id: number): Promise<UserDetail> {
    const row = await repo.get(id);
    if (!row) throw new NotFoundError(USER_MESSAGES.notFound);
    return { ...toDto(row), twoFactorEnabled: row.twoFactorEnabled, version: row.version };
  }

  return {
    async list() {
      return (await repo.list()).map(toDto);
    },
    roles: () => repo.roles(),
    get,

    /** A user as the bulk export writes them (ADR 050): no password hash, no two-factor secret; null when there is no such user. */
    async exportRow(id: number) {
      const row = await repo.get(id);
      if (!row) return null;
      const names = new Map((await repo.roles()).map((r) => [r.id, r.name]));
      return {
        id: row.id,
        email: row.email,
        roles: row.userRoles.map((r) => names.get(r) ?? `role ${r}`),
        created: row.created.toISOString(),
        lastLogin: row.lastLogin ? row.lastLogin.toISOString() : null,
      };
    },

    async add(actor: SessionUser, body: AddUserBody, ctx: RequestContext & { domainName?: string }) {
      const email = body.email.toLowerCase();
      await checkRoles(body.userRoles);
      if ((await repo.findIdByEmail(email)) !== null) throw new DomainError(USER_MESSAGES.duplicateEmail, 409);
      if (body.password) await auth.checkNewPassword(body.password, [email]);
      const passwordHash = await auth.hashPassword(body.password ?? randomPassword());
      let id: number;
      try {
        id = await deps.transaction(async (tx) => {
          const newId = await tx.insert(email, passwordHash, body.name ?? null);
          await tx.setRoles(newId, body.userRoles);
          return newId;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new DomainError(USER_MESSAGES.duplicateEmail, 409);
        throw err;
      }
      await auth.audit({
        action: 'user-created',
        actorUserId: actor.id,
        actorEmail: actor.email,
        targetUserId: id,
        targetEmail: email,
        ip: ctx.ip,
        detail: { roles: body.userRoles, roleNames: await roleNames(body.userRoles) },
      });
      if (!body.password) await auth.sendSetPasswordLink({ id, email }, ctx.domainName);
      return get(id);
    },

    /** My Account: the signed-in user's own name (blank: none), a save of the account like one in Users. */
    async setOwnName(actor: SessionUser, name: string | null, ctx: RequestContext): Promise<{ name: string | null }> {
      const current = await repo.get(actor.id);
      if (!current) throw new NotFoundError(USER_MESSAGES.notFound);
      if (current.name === name) return { name };
      await deps.transaction(async (tx) => {
        await tx.markSaved(current.id, null);
        await tx.setName(current.id, name);
      });
      await auth.audit({
        action: 'user-updated',
        actorUserId: actor.id,
        actorEmail: actor.email,
        targetUserId: current.id,
        targetEmail: current.email,
        ip: ctx.ip,
        detail: { fields: ['name'] },
      });
      return { name };
    },

    async edit(actor: SessionUser, body: EditUserBody, ctx: RequestContext) {
      const current = await repo.get(body.id);
      if (!current) throw new NotFoundError(USER_MESSAGES.notFound);
      if (body.email.toLowerCase() !== current.email.toLowerCase()) throw new DomainError(USER_MESSAGES.emailCannotChange, 400);
      await checkRoles(body.userRoles);
      if (body.password) await auth.checkNewPassword(body.password, [current.email]);
      const passwordHash = body.password ? await auth.hashPassword(body.password) : null;
      const guard = saveGuardOf(body);
      // another save landed since this one started (ADR 048): refused before anything is written
      if (guard && current.version !== guard.baseVersion) throw await staleRecord(repo.db, current, guard);
      await deps.transaction(async (tx) => {
        if (!(await tx.markSaved(current.id, guard))) {
          const now = await tx.get(current.id);
          if (!now || !guard) throw new NotFoundError(USER_MESSAGES.notFound);
          throw await staleRecord(tx.db, now, guard);
        }
        const losesAdmin = current.userRoles.includes(ROLE_IDS.administrator) && !body.userRoles.includes(ROLE_IDS.administrator);
        if (losesAdmin) {
          const admins = await tx.lockAdministrators();
          if (admins.filter((id) => id !== current.id).length === 0) throw new DomainError(USER_MESSAGES.cannotRemoveLastAdmin, 400);
        }
        await tx.setRoles(current.id, body.userRoles);
        if (body.name !== undefined && body.name !== current.name) await tx.setName(current.id, body.name);
        if (passwordHash) await tx.setPassword(current.id, passwordHash);
      });
      // A password set by an administrator ends the user's sessions (as a reset does).
      if (passwordHash) await auth.revokeUserTokens(current.id);
      const rolesChanged = !sameRoles(current.userRoles, body.userRoles);
      await auth.audit({
        action: 'user-updated',
        actorUserId: actor.id,
        actorEmail: actor.email,
        targetUserId: current.id,
        targetEmail: current.email,
        ip: ctx.ip,
        detail: {
          roles: body.userRoles,
          // the fields the save changed, compared as a refused save's are (ADR 048), and the roles in words (ADR 052)
          fields: differingFields(toDto(current), { ...body, name: body.name === undefined ? current.name : body.name }).map(
            (f) => f.field,
          ),
          ...(rolesChanged ? { rolesBefore: await roleNames(current.userRoles), rolesAfter: await roleNames(body.userRoles) } : {}),
          passwordChanged: Boolean(passwordHash),
          ...(await overwroteDetail(repo.db, current, guard)),
        },
      });
      // The account hears of what an administrator changed in it (a stolen administrator session
      // taking over an account, or raising its rights, does not go unnoticed).
      if (passwordHash) await auth.notify('password-set-by-admin', current.email, ctx, { by: actor.email });
      if (!sameRoles(current.userRoles, body.userRoles)) {
        const names = new Map((await repo.roles()).map((r) => [r.id, r.name]));
        const named = (ids: number[]) => [...ids].sort((a, b) => a - b).map((id) => names.get(id) ?? `role ${id}`);
        await auth.notify('roles-changed', current.email, ctx, {
          by: actor.email,
          rolesBefore: named(current.userRoles),
          rolesAfter: named(body.userRoles),
        });
      }
      return get(current.id);
    },

    async delete(actor: SessionUser, id: number, ctx: RequestContext) {
      if (id === actor.id) throw new DomainError(USER_MESSAGES.cannotDeleteSelf, 400);
      const current = await repo.get(id);
      if (!current) throw new NotFoundError(USER_MESSAGES.notFound);
      await deps.transaction(async (tx) => {
        if (current.userRoles.includes(ROLE_IDS.administrator)) {
          const admins = await tx.lockAdministrators();
          if (admins.filter((a) => a !== id).length === 0) throw new DomainError(USER_MESSAGES.cannotDeleteLastAdmin, 400);
        }
        await tx.delete(id);
      });
      await auth.audit({
        action: 'user-deleted',
        actorUserId: actor.id,
        actorEmail: actor.email,
        targetUserId: current.id,
        targetEmail: current.email,
        ip: ctx.ip,
      });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
