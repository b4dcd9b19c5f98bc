import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { roles, roleSchema, userListQuerySchema, type ListedUser, type Role, type UserListQuery } from '@contract/auth';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { SelectField } from '@/components/select-field';
import { Field } from '@/components/text-field';
import { useFormat, useMessages } from '@/i18n/react';
import { useValidationMessage } from '@/i18n/validation';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { backOfficePeopleText } from '@/messages/back-office-people';
import { useAdminWrite } from '../api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ListSearch } from '../components/list-search';
import { ListStates } from '../components/list-states';
import { OfflineWriteMessage, useWriteGuard } from '../components/offline-write-guard';
import { Pager } from '../components/pager';
import { ResponsiveList, type ListColumn } from '../components/responsive-list';
import { ScreenTitle } from '../components/screen-title';
import { listAddress, listQueryFrom } from '../lib/list-query';
import { useOpenScreen, type ScreenProps } from '../lib/screens';
import { serverErrors } from '../lib/server-errors';
import { useConfirmedDelete } from '../lib/use-confirmed-delete';
import { ROLE_KEYS, userKeys, userListQuery } from '../lib/user-api';

/** The shop's accounts: search by name, email or phone, filter by role, a page at a time; change a role, delete an account. */
export function UsersPage({ area }: ScreenProps) {
  const text = useMessages(backOfficePeopleText);
  const format = useFormat();
  const roleOptions = roles.map((role) => ({ value: role, label: text[ROLE_KEYS[role]] }));
  /* Long names and addresses break anywhere, so the table fits from 768 px. */
  const columns: ListColumn<ListedUser>[] = [
    { key: 'name', header: text.name, primary: true, cell: (user) => <span className="wrap-anywhere">{user.name}</span> },
    { key: 'email', header: text.email, cell: (user) => (user.email ? <span className="break-all">{user.email}</span> : '—') },
    { key: 'phone', header: text.phone, cell: (user) => user.phone ?? '—' },
    { key: 'role', header: text.role, cell: (user) => text[ROLE_KEYS[user.role]] },
    { key: 'joined', header: text.joined, cell: (user) => format.dateMdy(user.createdAt) },
  ];
  const query = listQueryFrom(userListQuerySchema, useSearch({ strict: false }));
  const openScreen = useOpenScreen();
  const show = (next: Partial<UserListQuery>) =>
    void openScreen(area, 'users', { search: listAddress({ search: query.search, role: query.role, page: query.page, ...next }) });
  const list = useQuery(userListQuery(query));
  const me = useSession().user?._id;
  const [changing, setChanging] = useState<ListedUser | null>(null);
  const deletion = useConfirmedDelete({
    remove: useAdminWrite(
      (id: string) => ({ path: `/user/delete-user/${encodeURIComponent(id)}`, method: 'DELETE' }),
      () => [userKeys.all],
    ),
    idOf: (user: ListedUser) => user._id,
    failed: text.accountDeleteFailed,
    onDeleted: (user) => notify.success(text.accountDeleted(user.name)),
  });

  return (
    <div className="flex flex-col gap-4">
      <ScreenTitle title={text.usersTitle} />
      <div className="flex max-w-3xl flex-wrap items-end gap-2">
        <ListSearch
          label={text.searchUsers}
          buttonLabel={text.search}
          search={query.search}
          onSearch={(search) => show({ search, page: 1 })}
          className="flex-[1_1_16rem]"
        />
        <SelectField
          label={text.role}
          placeholder={text.anyRole}
          options={roleOptions}
          value={query.role ?? ''}
          onChange={(event) => show({ role: roleSchema.safeParse(event.target.value).data, page: 1 })}
          className="flex-[0_1_12rem]"
        />
      </div>
      <ListStates query={list} failed={text.usersFailed} notSaved={text.usersNotSaved} offlineList={text.usersOffline}>
        {(page) => (
          <div>
            <ResponsiveList
              items={page.data}
              columns={columns}
              itemKey={(user) => user._id}
              label={text.users}
              empty={text.noUsers}
              actions={(user) =>
                // The server refuses an admin's own role change and deletion; the list does not offer them.
                user._id === me ? (
                  <span className="flex min-h-11 items-center text-sm text-gray-700">{text.you}</span>
                ) : (
                  <>
                    <Button variant="secondary" onClick={() => setChanging(user)} className="px-3">
                      {text.changeRole}
                      <span className="sr-only"> {text.ofUser(user.name)}</span>
                    </Button>
                    <Button variant="ghost" onClick={() => deletion.ask(user)} className="px-3 text-red-700 hover:bg-red-50">
                      {text.delete}
                      <span className="sr-only"> {user.name}</span>
                    </Button>
                  </>
                )
              }
            />
            <Pager page={page.page} pages={page.pages} total={page.total} label={text.userPages} onPageChange={(next) => show({ page: next })} />
          </div>
        )}
      </ListStates>
      <Dialog open={changing !== null} onClose={() => setChanging(null)} title={text.roleTitle(changing?.name ?? '')}>
        {changing && <RoleForm user={changing} onDone={() => setChanging(null)} />}
      </Dialog>
      <ConfirmDialog {...deletion.dialog} title={text.deleteAccount(deletion.target?.name ?? '')} message={text.deleteAccountText} confirmLabel={text.delete} />
    </div>
  );
}

type RoleChange = { userId: string; role: Role };

function RoleForm({ user, onDone }: { user: ListedUser; onDone: () => void }) {
  const text = useMessages(backOfficePeopleText);
  const localize = useValidationMessage();
  const roleOptions = roles.map((role) => ({ value: role, label: text[ROLE_KEYS[role]] }));
  const [role, setRole] = useState<Role>(user.role);
  const [error, setError] = useState<string>();
  const { guard, refused } = useWriteGuard();
  const change = useAdminWrite(
    (body: RoleChange) => ({ path: '/user/change-role', method: 'PATCH', body }),
    () => [userKeys.all],
  );

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
            notify.success({ user: text.nowCustomer, seller: text.nowSeller, admin: text.nowAdmin }[role](user.name));
            onDone();
          },
          onError: (failure) => {
            const { fields, form } = serverErrors(failure, text.roleFailed);
            setError(fields.role ?? fields.userId ?? form);
          },
        },
      );
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field label={text.newRole} hint={text.roleHint} id={undefined} className={undefined}>
        {(control) => (
          <select
            {...control}
            value={role}
            onChange={(event) => setRole(roleSchema.parse(event.target.value))}
            className="min-h-11 w-full rounded-md border border-gray-500 bg-white px-3 text-base text-gray-900"
          >
            {roleOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <OfflineWriteMessage message={refused} />
      {error && <Alert>{localize(error)}</Alert>}
      <Button type="submit" busy={change.isPending} className="self-start">
        {text.saveRole}
      </Button>
    </form>
  );
}
