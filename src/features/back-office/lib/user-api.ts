import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Role, UserList, UserListQuery } from '@contract/auth';
import { api } from '@/lib/api';
import type peopleTexts from '@/messages/back-office-people/en';

export const userKeys = {
  all: ['back-office', 'users'] as const,
  list: (query: UserListQuery) => ['back-office', 'users', 'list', query] as const,
};

/** A page of the shop's accounts, newest first, matching `search` (name, email, phone) and `role`; the page shown stays while the next loads. */
export const userListQuery = (query: UserListQuery) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: async ({ signal }) =>
      (await api<UserList>('/user/users', { signal, query: { page: query.page, limit: query.limit, search: query.search, role: query.role } })).data,
    placeholderData: keepPreviousData,
    // Stale at once: a copy restored from the saved cache shows while the server's current one is read (uses and
    // roles change under the admin), and stays readable offline.
    staleTime: 0,
  });

/** The roles as the back office names them: a 'user' is a customer. */
/** Where each role finds its name among the `back-office-people` texts. */
export const ROLE_KEYS = { user: 'roleCustomer', seller: 'roleSeller', admin: 'roleAdmin' } as const satisfies Record<Role, keyof typeof peopleTexts>;
