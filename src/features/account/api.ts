import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicConfig, PublicUser } from '@contract/auth';
import type { CustomerCancelCode, Order, Refund, RefundCreateInput } from '@contract/orders';
import { PROFILE_IMAGE_FIELD, type Profile, type ProfileImageResult } from '@contract/profile';
import type { CustomerReturn, ReturnCreateInput } from '@contract/returns';
import { api, apiBlob } from '@/lib/api';
import type { CancelFormValues } from '@/lib/cancel-form';
import { productKeys } from '@/lib/product-queries';
import { session, useSession } from '@/lib/session';
import type { PasswordFormValues, ProfileFields } from './lib/forms';

/** Per customer, so a second account on the same device never sees the first one's orders (checkout invalidates ['orders']). */
export const accountKeys = {
  orders: (userId: string) => ['orders', userId] as const,
  refunds: (userId: string) => ['refunds', userId] as const,
  /** Under the orders' key: a live order change (a return's step is one) reads them again with the orders. */
  returns: (userId: string) => ['orders', userId, 'returns'] as const,
  profile: (userId: string) => ['profile', userId] as const,
};

const enc = encodeURIComponent;

export const ordersQuery = (userId: string) =>
  queryOptions({
    queryKey: accountKeys.orders(userId),
    queryFn: async ({ signal }): Promise<Order[]> => (await api<Order[]>(`/order/get-order-by-customerId/${enc(userId)}`, { signal })).data,
    // The shop moves orders along (shipped, delivered): opening the list reads it again, showing the saved copy meanwhile.
    staleTime: 0,
  });

export const refundsQuery = (userId: string) =>
  queryOptions({
    queryKey: accountKeys.refunds(userId),
    queryFn: async ({ signal }): Promise<Refund[]> => (await api<Refund[]>('/refund', { signal })).data,
    // The shop settles a request at any moment: the page reads the outcome each time it opens, showing the saved copy meanwhile.
    staleTime: 0,
  });

export const returnsQuery = (userId: string) =>
  queryOptions({
    queryKey: accountKeys.returns(userId),
    queryFn: async ({ signal }): Promise<CustomerReturn[]> => (await api<CustomerReturn[]>('/returns', { signal })).data,
    staleTime: 0,
  });

/** The shop's return window, from its public settings. */
export const returnWindowQuery = queryOptions({
  queryKey: ['config', 'return-window'] as const,
  queryFn: async ({ signal }): Promise<number> => (await api<PublicConfig>('/config', { signal })).data.returnWindowDays,
  staleTime: 60 * 60 * 1000,
});

export function useReturns() {
  const userId = useUserId();
  return useQuery({ ...returnsQuery(userId ?? ''), enabled: Boolean(userId) });
}

export function useRequestReturn() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    networkMode: 'always',
    mutationFn: (input: ReturnCreateInput) => api<CustomerReturn>('/returns', { method: 'POST', body: input }),
    onSuccess: (answer) => queryClient.setQueryData<CustomerReturn[]>(accountKeys.returns(userId), (returns) => [answer.data, ...(returns ?? [])]),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: accountKeys.returns(userId) }),
  });
}

export const profileQuery = (userId: string) =>
  queryOptions({
    queryKey: accountKeys.profile(userId),
    queryFn: async ({ signal }): Promise<Profile> => (await api<Profile>(`/user/get-single-user/${enc(userId)}`, { signal })).data,
  });

/** The signed-in user's id, or undefined when the session has none. */
export function useUserId(): string | undefined {
  return useSession().user?._id || undefined;
}

export function useOrders() {
  const userId = useUserId();
  return useQuery({ ...ordersQuery(userId ?? ''), enabled: Boolean(userId) });
}

export function useRefunds() {
  const userId = useUserId();
  return useQuery({ ...refundsQuery(userId ?? ''), enabled: Boolean(userId) });
}

export function useProfile() {
  const userId = useUserId();
  return useQuery({ ...profileQuery(userId ?? ''), enabled: Boolean(userId) });
}

/**
 * After a cancel or a refund the order shows cancelled at once (the server answered), and both lists are read again
 * in the background rather than holding the dialog open on a slow connection.
 */
function useOrderCancelled() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return {
    markCancelled: (orderId: string, answered?: Order) =>
      queryClient.setQueryData<Order[]>(accountKeys.orders(userId), (orders) =>
        orders?.map((o) => (o._id === orderId ? (answered ?? { ...o, status: 'cancelled' }) : o)),
      ),
    refresh: () => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.orders(userId) });
      void queryClient.invalidateQueries({ queryKey: accountKeys.refunds(userId) });
    },
  };
}

/**
 * Changes made here are tried even offline, so they fail at once with a message rather than wait, busy, for a
 * connection: cancelling, refunds and the account's own details need the server's answer there and then, and a review
 * written from an order is not queued (the product page's review form is the one that waits for the connection).
 */
const NOT_QUEUED = { networkMode: 'always' } as const;

export function useCancelOrder() {
  const { markCancelled, refresh } = useOrderCancelled();
  return useMutation({
    ...NOT_QUEUED,
    mutationFn: ({ orderId, reason, note }: { orderId: string } & CancelFormValues<CustomerCancelCode>) =>
      api<Order>(`/order/update-status/${enc(orderId)}`, { method: 'PATCH', body: { status: 'cancelled', reason, note } }),
    onSuccess: (answer, { orderId }) => markCancelled(orderId, answer.data),
    onSettled: refresh,
  });
}

/** The answered order replaces the cached one: a confirmed order shows confirmed at once. */
function useOrderAnswered() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return (answer: Order) => queryClient.setQueryData<Order[]>(accountKeys.orders(userId), (orders) => orders?.map((o) => (o._id === answer._id ? answer : o)));
}

/** Confirms a cash order with the code texted to its phone. */
export function useConfirmCashOrder() {
  const answered = useOrderAnswered();
  return useMutation({
    ...NOT_QUEUED,
    mutationFn: ({ orderId, code }: { orderId: string; code: string }) => api<Order>(`/order/confirm-cash/${enc(orderId)}`, { method: 'POST', body: { code } }),
    onSuccess: ({ data }) => answered(data),
  });
}

/** Asks for a new code for a cash order (the server allows one a minute, a few per order). */
export function useResendCashCode() {
  return useMutation({
    ...NOT_QUEUED,
    mutationFn: (orderId: string) => api<Order>(`/order/confirm-cash/${enc(orderId)}/resend`, { method: 'POST' }),
  });
}

export function useRequestRefund() {
  const { markCancelled, refresh } = useOrderCancelled();
  return useMutation({
    ...NOT_QUEUED,
    mutationFn: (input: RefundCreateInput) => api<Refund>('/refund/post', { method: 'POST', body: input }),
    onSuccess: (_answer, input) => markCancelled(input.orderId),
    onSettled: refresh,
  });
}

export function useSubmitReview() {
  const queryClient = useQueryClient();
  return useMutation({
    ...NOT_QUEUED,
    mutationFn: ({ productId, ...review }: { productId: string; userId: string; stars: number; text: string }) =>
      api(`/products/${enc(productId)}/reviews`, { method: 'POST', body: { review } }),
    // Ratings and review lists on product pages and cards change with the new review.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

/** Saves the invoice PDF as invoice-{orderId}.pdf through a temporary object URL. */
export async function downloadInvoice(orderId: string): Promise<void> {
  const blob = await apiBlob(`/order/invoice/${enc(orderId)}`, { headers: { Accept: 'application/pdf' } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `invoice-${orderId}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the URL after the click returns; give it time before letting the blob go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Keeps the session's copy of the user, and the cached profile, in step with what the server answered. */
function useRememberUser() {
  const queryClient = useQueryClient();
  return (user: PublicUser) => {
    session.updateUser(user);
    queryClient.setQueryData<Profile>(accountKeys.profile(user._id), (profile) => profile && { ...profile, ...user });
  };
}

/** The same for a profile answer; the session keeps the user without the pending changes and the settings. */
function useRememberProfile() {
  const queryClient = useQueryClient();
  return (profile: Profile) => {
    const { pendingEmail: _email, pendingPhone: _phone, orderNotifications: _notifications, ownerAlerts: _alerts, ...user } = profile;
    session.updateUser(user);
    queryClient.setQueryData(accountKeys.profile(profile._id), profile);
  };
}

/**
 * Name and address change at once; a new email or phone is sent its link or code and shows as pending; order
 * notifications turn on or off for all the account's devices.
 */
export function useUpdateProfile() {
  const rememberProfile = useRememberProfile();
  return useMutation({
    ...NOT_QUEUED,
    mutationFn: (input: { id: string } & Partial<ProfileFields> & { orderNotifications?: boolean }) =>
      api<Profile>('/user/update-profile', { method: 'PUT', body: input }),
    onSuccess: ({ data }) => rememberProfile(data),
  });
}

/** The code texted to a pending new phone number. */
export function useConfirmPhone() {
  const rememberProfile = useRememberProfile();
  return useMutation({
    ...NOT_QUEUED,
    mutationFn: (code: string) => api<Profile>('/user/confirm-phone', { method: 'POST', body: { code } }),
    onSuccess: ({ data }) => rememberProfile(data),
  });
}

/** The link mailed to a pending new email, opened while signed in. */
export function useConfirmEmail() {
  const rememberProfile = useRememberProfile();
  return useMutation({
    ...NOT_QUEUED,
    mutationFn: (token: string) => api<Profile>('/user/confirm-email', { method: 'POST', body: { token } }),
    onSuccess: ({ data }) => rememberProfile(data),
  });
}

export function useChangePassword() {
  return useMutation({
    ...NOT_QUEUED,
    mutationFn: (input: { id: string } & PasswordFormValues) => api<null>('/user/change-password', { method: 'PATCH', body: input }),
  });
}

export function useUploadProfileImage() {
  const remember = useRememberUser();
  return useMutation({
    ...NOT_QUEUED,
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('id', id);
      form.append(PROFILE_IMAGE_FIELD, file);
      return api<ProfileImageResult>('/user/upload-profile-image', { method: 'POST', body: form });
    },
    onSuccess: ({ data }) => remember(data.user),
  });
}
