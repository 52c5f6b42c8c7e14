import { getFormProps } from '@conform-to/react';
import { useNavigate } from 'react-router';
import { usersApi } from '#shared/contracts/users.ts';
import { PASSWORD_MIN_LENGTH, UserFormSchema, USER_MESSAGES } from '#shared/validation/users.ts';
import { GuardedSaveDialog } from '../../components/admin/edit-conflict.tsx';
import { EditFrame } from '../../components/admin/edit-frame.tsx';
import { CheckboxGroup, FormErrors, TextField } from '../../components/forms/fields.tsx';
import { api, dataOf, loadOrRedirect, refusalOr } from '../../lib/api-client.ts';
import { useGuardedSave } from '../../lib/edit-conflict.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import type { Route } from './+types/user-form';
import { USER_FIELD_LABELS } from '#shared/field-labels.ts';

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? 'Edit' : 'Add'} User | Site Administration` },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadOrRedirect(async () => {
    const [roles, user] = await Promise.all([
      api().call(usersApi.roles),
      params.id ? api().call(usersApi.get, { params: { id: params.id } }) : Promise.resolve(null),
    ]);
    if (user && !user.success) throw new Response(user.message ?? USER_MESSAGES.notFound, { status: 404 });
    return { roles: dataOf(roles), user: user ? dataOf(user) : null };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading user...</p>;
}

const ROLE_DESCRIPTIONS: Record<string, string> = {
  Administrator: 'Everything, including users, forms, redirects, security settings and the audit log.',
  Editor: 'Content only: products, knowledge center, labels, press releases, pages, documents, reps and retailers.',
};

/** The API fields a refused save compares, as the form names them. */
const FIELD_LABELS = USER_FIELD_LABELS;

export default function UserForm({ loaderData }: Route.ComponentProps) {
  // a fresh form for every saved version (Load theirs after a refused save loads the newest)
  return <UserEditor key={loaderData.user?.version ?? 'new'} loaderData={loaderData} />;
}

function UserEditor({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { roles, user } = loaderData;
  const navigate = useNavigate();
  const save = useGuardedSave((to) => void navigate(to));
  const { form, fields, pending } = useZodForm({
    id: 'user-form',
    schema: UserFormSchema,
    defaultValue: { name: user?.name ?? '', email: user?.email ?? '', password: '', userRoles: (user?.userRoles ?? []).map(String) },
    async onValid(value) {
      if (user)
        return save.guarded(
          (guard) =>
            api().call(usersApi.edit, {
              // a blank Name is none (the form reads a blank field as absent, which the API reads as "keep")
              body: {
                id: user.id,
                name: value.name ?? null,
                email: user.email,
                password: value.password,
                userRoles: value.userRoles,
                ...guard,
              },
            }),
          user.version,
          () => navigate('/siteadmin/users'),
        );
      return refusalOr(api().call(usersApi.add, { body: { ...value, name: value.name ?? null } }), () => navigate('/siteadmin/users'));
    },
  });

  return (
    <EditFrame title="User" itemId={user?.id} backTo="/siteadmin/users" formId={form.id} saving={pending}>
      <form {...getFormProps(form)} className="stack admin-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          meta={fields.email}
          label="Email"
          type="email"
          autoComplete="off"
          readOnly={Boolean(user)}
          hint={user ? 'The email of an existing user cannot be changed.' : 'The user signs in with this address.'}
        />
        <TextField
          meta={fields.name}
          label="Name"
          autoComplete="off"
          hint="How the audit log and the editors name this person. Blank: a name made from the email."
        />
        <TextField
          meta={fields.password}
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={
            user
              ? `Leave blank to keep the current password. A new one needs at least ${PASSWORD_MIN_LENGTH} characters.`
              : `Leave blank to assign a random password: the user is emailed a link to choose their own. Otherwise at least ${PASSWORD_MIN_LENGTH} characters.`
          }
        />
        <CheckboxGroup
          meta={fields.userRoles}
          legend="Roles"
          defaultValue={(user?.userRoles ?? []).map(String)}
          options={roles.map((r) => ({ value: String(r.id), label: r.name, description: ROLE_DESCRIPTIONS[r.name] }))}
        />
        {user ? <p className="field__hint">Two-step sign-in: {user.twoFactorEnabled ? 'on' : 'off'}.</p> : null}
      </form>
      <GuardedSaveDialog save={save} labels={FIELD_LABELS} />
    </EditFrame>
  );
}
