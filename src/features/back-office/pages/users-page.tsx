import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { roles, roleSchema, userListQuerySchema, type ListedUser, type Role, type UserListQuery } from '@contract/auth';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { SelectField } from '@/components/select-field';
import { Field } from '@/components/text-field';
import { formatDateMdy } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useAdminWrite } from '../api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ListSearch } from '../components/list-search';
import { ListStates } from '../components/list-states';
import { OfflineWriteMessage, useWriteGuard } from '../components/offline-write-guard';
import { Pager } from '../components/pager';
import { ResponsiveList, type ListColumn } from '../components/responsive-list';
import { ScreenTitle } from '../components/screen-title';
import { listAddress, listQueryFrom } from '../lib/list-query';
import { screenLink, type ScreenProps } from '../lib/screens';
import { serverErrors } from '../lib/server-errors';
import { useConfirmedDelete } from '../lib/use-confirmed-delete';
import { ROLE_LABELS, userKeys, userListQuery } from '../lib/user-api';

const TEXT = {
  title: 'Users',
  search: 'Search by name, email or phone',
  searchButton: 'Search',
  roleFilter: 'Role',
  anyRole: 'Any role',
  list: 'Users',
  pages: 'User pages',
  empty: 'No users match.',
  failed: 'The users could not be loaded. Try again.',
  offlineList: 'You are offline — showing the users as you saw them last.',
  offlineNever: 'The users have not been saved for offline use.',
  columns: { name: 'Name', email: 'Email', phone: 'Phone', role: 'Role', joined: 'Joined' },
  none: '—',
  you: 'You',
  changeRole: 'Change role',
  delete: 'Delete',
  roleTitle: (name: string) => `Change the role of ${name}`,
  newRole: 'New role',
  roleHint: 'Sellers manage their own products; admins run the whole shop. It applies on their next request.',
  saveRole: 'Save role',
  roleSaved: (name: string, role: Role) => `${name} is now ${{ user: 'a customer', seller: 'a seller', admin: 'an admin' }[role]}`,
  roleFailed: 'The role could not be changed',
  deleteTitle: (name: string) => `Delete the account of ${name}?`,
  deleteMessage: 'They are signed out at once and cannot sign in again. Their orders stay in the shop’s records.',
  deleted: (name: string) => `${name}’s account deleted`,
  deleteFailed: 'The account could not be deleted',
};

/* Long names and addresses break anywhere, so the table fits from 768 px. */
const COLUMNS: ListColumn<ListedUser>[] = [
  { key: 'name', header: TEXT.columns.name, primary: true, cell: (user) => <span className="wrap-anywhere">{user.name}</span> },
  { key: 'email', header: TEXT.columns.email, cell: (user) => (user.email ? <span className="break-all">{user.email}</span> : TEXT.none) },
  { key: 'phone', header: TEXT.columns.phone, cell: (user) => user.phone ?? TEXT.none },
  { key: 'role', header: TEXT.columns.role, cell: (user) => ROLE_LABELS[user.role] },
  { key: 'joined', header: TEXT.columns.joined, cell: (user) => formatDateMdy(user.createdAt) },
];

const ROLE_OPTIONS = roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** The shop's accounts: search by name, email or phone, filter by role, a page at a time; change a role, delete an account. */
export function UsersPage({ area }: ScreenProps) {
  const query = listQueryFrom(userListQuerySchema, useSearch({ strict: false }));
  const navigate = useNavigate();
  const show = (next: Partial<UserListQuery>) =>
    void navigate({ ...screenLink(area, 'users'), search: listAddress({ search: query.search, role: query.role, page: query.page, ...next }) });
  const list = useQuery(userListQuery(query));
  const me = useSession().user?._id;
  const [changing, setChanging] = useState<ListedUser | null>(null);
  const deletion = useConfirmedDelete({
    remove: useAdminWrite((id: string) => ({ path: `/user/delete-user/${encodeURIComponent(id)}`, method: 'DELETE' }), () => [userKeys.all]),
    idOf: (user: ListedUser) => user._id,
    failed: TEXT.deleteFailed,
    onDeleted: (user) => notify.success(TEXT.deleted(user.name)),
  });


  return (
    <div className="flex flex-col gap-4">
      <ScreenTitle title={TEXT.title} />
      <div className="flex max-w-3xl flex-wrap items-end gap-2">
        <ListSearch
          label={TEXT.search}
          buttonLabel={TEXT.searchButton}
          search={query.search}
          onSearch={(search) => show({ search, page: 1 })}
          className="flex-[1_1_16rem]"
        />
        <SelectField
          label={TEXT.roleFilter}
          placeholder={TEXT.anyRole}
          options={ROLE_OPTIONS}
          value={query.role ?? ''}
          onChange={(event) => show({ role: roleSchema.safeParse(event.target.value).data, page: 1 })}
          className="flex-[0_1_12rem]"
        />
      </div>
      <ListStates query={list} failed={TEXT.failed} notSaved={TEXT.offlineNever} offlineList={TEXT.offlineList}>
        {(page) => (
          <div>
            <ResponsiveList
              items={page.data}
              columns={COLUMNS}
              itemKey={(user) => user._id}
              label={TEXT.list}
              empty={TEXT.empty}
              actions={(user) =>
                // The server refuses an admin's own role change and deletion; the list does not offer them.
                user._id === me ? (
                  <span className="flex min-h-11 items-center text-sm text-gray-700">{TEXT.you}</span>
                ) : (
                  <>
                    <Button variant="secondary" onClick={() => setChanging(user)} className="px-3">
                      {TEXT.changeRole}
                      <span className="sr-only"> of {user.name}</span>
                    </Button>
                    <Button variant="ghost" onClick={() => deletion.ask(user)} className="px-3 text-red-700 hover:bg-red-50">
                      {TEXT.delete}
                      <span className="sr-only"> {user.name}</span>
                    </Button>
                  </>
                )
              }
            />
            <Pager page={page.page} pages={page.pages} total={page.total} label={TEXT.pages} onPageChange={(next) => show({ page: next })} />
          </div>
        )}
      </ListStates>
      <Dialog open={changing !== null} onClose={() => setChanging(null)} title={TEXT.roleTitle(changing?.name ?? '')}>
        {changing && <RoleForm user={changing} onDone={() => setChanging(null)} />}
      </Dialog>
      <ConfirmDialog
        {...deletion.dialog}
        title={TEXT.deleteTitle(deletion.target?.name ?? '')}
        message={TEXT.deleteMessage}
        confirmLabel={TEXT.delete}
      />
    </div>
  );
}

type RoleChange = { userId: string; role: Role };

function RoleForm({ user, onDone }: { user: ListedUser; onDone: () => void }) {
  const [role, setRole] = useState<Role>(user.role);
  const [error, setError] = useState<string>();
  const { guard, refused } = useWriteGuard();
  const change = useAdminWrite((body: RoleChange) => ({ path: '/user/change-role', method: 'PATCH', body }), () => [userKeys.all]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (role === user.role) {
      onDone();
      return;
    }
    guard(() => {
      setError(undefined);
      change.mutate(
        { userId: user._id, role },
        {
          onSuccess: () => {
            notify.success(TEXT.roleSaved(user.name, role));
            onDone();
          },
          onError: (failure) => {
            const { fields, form } = serverErrors(failure, TEXT.roleFailed);
            setError(fields.role ?? fields.userId ?? form);
          },
        },
      );
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field label={TEXT.newRole} hint={TEXT.roleHint} id={undefined} className={undefined}>
        {(control) => (
          <select
            {...control}
            value={role}
            onChange={(event) => setRole(roleSchema.parse(event.target.value))}
            className="min-h-11 w-full rounded-md border border-gray-500 bg-white px-3 text-base text-gray-900"
          >
            {ROLE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <OfflineWriteMessage message={refused} />
      {error && <Alert>{error}</Alert>}
      <Button type="submit" busy={change.isPending} className="self-start">
        {TEXT.saveRole}
      </Button>
    </form>
  );
}
