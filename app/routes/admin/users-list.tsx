import { useRevalidator } from 'react-router';
import { usersApi } from '#shared/contracts/users.ts';
import type { UserListItem } from '#shared/validation/users.ts';
import { contractBulk, DELETE } from '../../components/admin/bulk-actions.tsx';
import { ConfirmDialog } from '../../components/admin/confirm-dialog.tsx';
import { useConfirmAction } from '../../components/admin/list-actions.tsx';
import { ListHeading } from '../../components/admin/list-heading.tsx';
import { ResourceList } from '../../components/admin/resource-list.tsx';
import { formatDateTime } from '../../lib/admin-sections.ts';
import { useAdminUser } from '../../lib/admin-session.ts';
import { api, dataOf, loadOrRedirect } from '../../lib/api-client.ts';
import type { Route } from './+types/users-list';

export const meta: Route.MetaFunction = () => [{ title: 'Users | Site Administration' }, { name: 'robots', content: 'noindex, nofollow' }];

export async function clientLoader() {
  return loadOrRedirect(async () => {
    const [users, roles] = await Promise.all([api().call(usersApi.list), api().call(usersApi.roles)]);
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
  const revalidator = useRevalidator();
  const del = useConfirmAction<UserListItem>({
    action: (u) => api().call(usersApi.delete, { params: { id: u.id } }),
    done: (u) => `The User ${u.email} was deleted.`,
    after: () => revalidator.revalidate(),
  });
  const roleName = (id: number) => roles.find((r) => r.id === id)?.name ?? `Role ${id}`;

  return (
    <section aria-labelledby="users-title">
      <ListHeading id="users-title" title="Users" add={{ to: '/siteadmin/users/add', label: 'Add User' }} />
      <ResourceList<UserListItem>
        caption="Users"
        notice={del.notice}
        columns={[
          { key: 'email', label: 'Email', main: true, breakAnywhere: true, cell: (u) => u.email },
          { key: 'roles', label: 'Roles', cell: (u) => u.userRoles.map(roleName).join(', ') },
          { key: 'login', label: 'Last Login', cell: (u) => (u.lastLogin ? formatDateTime(u.lastLogin) : '--') },
        ]}
        rows={users}
        rowKey={(u) => u.id}
        actions={(u) => [
          { label: 'Edit', ariaLabel: `Edit ${u.email}`, to: `/siteadmin/users/edit/${u.id}` },
          // nobody deletes their own account
          ...(u.id === me.id ? [] : [{ label: 'Delete', ariaLabel: `Delete ${u.email}`, danger: true, onClick: () => del.ask(u) }]),
        ]}
        empty="No users yet."
        bulk={{
          // ADR 050: each row as its Delete (your own account and the last Administrator are refused, with the reason)
          config: {
            noun: { one: 'user', many: 'users' },
            total: users.length,
            actions: [DELETE],
            ...contractBulk(usersApi, { search: '' }, 'users-selection.csv'),
            after: () => revalidator.revalidate(),
          },
          id: (u) => u.id,
          title: (u) => u.email,
        }}
      />
      <ConfirmDialog {...del.dialog} title="Delete User" confirmLabel="Delete User">
        <p>{del.target ? deleteQuestion(del.target.email) : null}</p>
      </ConfirmDialog>
    </section>
  );
}
