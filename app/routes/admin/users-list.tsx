import { useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import type { Role, UserListItem } from '#shared/validation/users.ts';
import { ConfirmDialog } from '../../components/admin/confirm-dialog.tsx';
import { formatDateTime } from '../../lib/admin-sections.ts';
import { useAdminUser } from '../../lib/admin-session.ts';
import { api, ApiError, AuthRedirect, dataOf, loadOrRedirect } from '../../lib/api-client.ts';
import type { Route } from './+types/users-list';

export const meta: Route.MetaFunction = () => [{ title: 'Users | Site Administration' }, { name: 'robots', content: 'noindex, nofollow' }];

export async function clientLoader() {
  return loadOrRedirect(async () => {
    const [users, roles] = await Promise.all([api().get<UserListItem[]>('/api/adminusers/get-all'), api().get<Role[]>('/api/adminusers/get-roles')]);
    return { users: dataOf(users), roles: dataOf(roles) };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading users...</p>;
}

export function deleteQuestion(email: string): string {
  return `Are you sure you want to delete the User ${email} ? This cannot be undone!`;
}

export default function UsersList({ loaderData }: Route.ComponentProps) {
  const { users, roles } = loaderData;
  const me = useAdminUser();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [target, setTarget] = useState<UserListItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const roleName = (id: number) => roles.find((r) => r.id === id)?.name ?? `Role ${id}`;

  async function remove() {
    if (!target) return;
    setBusy(true);
    setError(null);
    try {
      const env = await api().get(`/api/adminusers/delete/${target.id}`);
      if (!env.success) {
        setError(env.message ?? 'Something is wrong');
        return;
      }
      setNotice(`The User ${target.email} was deleted.`);
      setTarget(null);
      await revalidator.revalidate();
    } catch (e) {
      if (e instanceof AuthRedirect) await navigate(e.to);
      else setError(e instanceof ApiError ? e.message : 'Something is wrong');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="users-title">
      <div className="admin-heading">
        <h1 id="users-title" className="admin-title">
          Users
        </h1>
        <Link className="button button--primary" to="/siteadmin/users/add">
          Add User
        </Link>
      </div>
      <div role="status" className={notice ? 'form-alert form-alert--success' : undefined}>
        {notice}
      </div>
      <div className="table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Users</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Roles</th>
              <th scope="col">Last Login</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id}>
                <td data-label="Email">{u.email}</td>
                <td data-label="Roles">{u.userRoles.map(roleName).join(', ')}</td>
                <td data-label="Last Login">{u.lastLogin ? formatDateTime(u.lastLogin) : '--'}</td>
                <td className="admin-table__actions">
                  <Link className="button button--small button--secondary" to={`/siteadmin/users/edit/${u.id}`} aria-label={`Edit ${u.email}`}>
                    Edit
                  </Link>
                  {u.id === me.id ? null : (
                    <button
                      type="button"
                      className="button button--small button--danger-outline"
                      aria-label={`Delete ${u.email}`}
                      onClick={() => {
                        setError(null);
                        setTarget(u);
                      }}
                    >
                      Delete
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog open={target !== null} title="Delete User" confirmLabel="Delete User" busy={busy} error={error} onConfirm={() => void remove()} onCancel={() => setTarget(null)}>
        <p>{target ? deleteQuestion(target.email) : null}</p>
      </ConfirmDialog>
    </section>
  );
}
