import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { LAST_ADMIN, type ListedUser, type PublicUser } from '@contract/auth';
import { bodiesSentTo, ok, queriesSentTo, refused, requestsTo, stubApi } from '@/test/api';
import { signInAs } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { stubScreenWidth } from '@/test/screen-width';
import backOfficeTexts from '@/messages/back-office/en';
import { UsersPage } from './users-page';

const NEEDS_CONNECTION = backOfficeTexts.needsConnection;

let me: PublicUser;

const listed = (user: Partial<ListedUser> & Pick<ListedUser, '_id' | 'name'>): ListedUser => ({
  email: null,
  phone: null,
  role: 'user',
  isEmailVerified: true,
  profileImg: null,
  address: null,
  googleId: null,
  createdAt: '2026-03-05T10:00:00.000Z',
  ...user,
});

const RAHIM = listed({ _id: 'u1', name: 'Rahim Uddin', phone: '01712345678' });
const KARIM = listed({ _id: 'u2', name: 'Karim Ahmed', email: 'karim@example.com', role: 'admin' });
const page = (users: ListedUser[], extra: { page?: number; pages?: number; total?: number } = {}) =>
  ok({ count: users.length, total: extra.total ?? users.length, page: extra.page ?? 1, pages: extra.pages ?? 1, data: users });
const myRow = () => listed({ _id: me._id, name: me.name, email: me.email, role: 'admin' });

const renderUsers = (at = '/admin/users') => renderPage(<UsersPage area="admin" rest="" />, { at, path: '/admin/$' });

beforeEach(() => {
  me = signInAs('admin');
  stubScreenWidth(1280);
});

describe('Users', () => {
  it('lists name, email, phone, role and when they joined; searches, filters by role and pages on the server', async () => {
    const fetchMock = stubApi({ 'GET /api/user/users': page([RAHIM, KARIM], { pages: 2, total: 30 }) });
    await renderUsers();

    const rahim = await screen.findByRole('row', { name: /Rahim Uddin/ });
    for (const text of ['01712345678', 'Customer', 'Mar 5, 2026']) expect(rahim).toHaveTextContent(text);
    expect(screen.getByRole('row', { name: /Karim Ahmed/ })).toHaveTextContent('karim@example.com');
    expect(queriesSentTo(fetchMock, 'GET /api/user/users')[0]).toEqual({ page: '1', limit: '20' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name, email or phone' }), '01712');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queriesSentTo(fetchMock, 'GET /api/user/users').at(-1)).toEqual({ page: '1', limit: '20', search: '01712' }));

    await userEvent.selectOptions(screen.getByLabelText('Role'), 'Seller');
    await waitFor(() => expect(queriesSentTo(fetchMock, 'GET /api/user/users').at(-1)).toEqual({ page: '1', limit: '20', search: '01712', role: 'seller' }));

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queriesSentTo(fetchMock, 'GET /api/user/users').at(-1)).toEqual({ page: '2', limit: '20', search: '01712', role: 'seller' }));
  });

  it("offers neither a role change nor deletion on the signed-in admin's own row", async () => {
    stubApi({ 'GET /api/user/users': page([myRow(), RAHIM]) });
    await renderUsers();

    const mine = await screen.findByRole('row', { name: new RegExp(me.name) });
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument();
    expect(mine).toHaveTextContent('You');
    const rahim = screen.getByRole('row', { name: /Rahim Uddin/ });
    expect(within(rahim).getByRole('button', { name: 'Change role of Rahim Uddin' })).toBeInTheDocument();
    expect(within(rahim).getByRole('button', { name: 'Delete Rahim Uddin' })).toBeInTheDocument();
  });

  it('shows the same at phone width, as cards', async () => {
    stubScreenWidth(360);
    stubApi({ 'GET /api/user/users': page([myRow(), RAHIM]) });
    await renderUsers();
    const cards = within(await screen.findByRole('list', { name: 'Users' })).getAllByRole('listitem');
    expect(within(cards[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(cards[1]!).getAllByRole('button')).toHaveLength(2);
  });

  it('changes a role through the dialog', async () => {
    const fetchMock = stubApi({ 'GET /api/user/users': page([RAHIM]), 'PATCH /api/user/change-role': ok({ ...RAHIM, role: 'seller' }) });
    await renderUsers();
    await userEvent.click(await screen.findByRole('button', { name: 'Change role of Rahim Uddin' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Change the role of Rahim Uddin' }));
    expect(dialog.getByLabelText('New role')).toHaveValue('user');
    await userEvent.selectOptions(dialog.getByLabelText('New role'), 'Seller');
    await userEvent.click(dialog.getByRole('button', { name: 'Save role' }));

    await waitFor(() => expect(bodiesSentTo(fetchMock, 'PATCH /api/user/change-role')).toEqual([{ userId: 'u1', role: 'seller' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, 'GET /api/user/users').length).toBeGreaterThan(1);
  });

  it("shows the server's 409 when the change would leave the shop without an admin", async () => {
    stubApi({ 'GET /api/user/users': page([KARIM]), 'PATCH /api/user/change-role': refused(409, LAST_ADMIN) });
    await renderUsers();
    await userEvent.click(await screen.findByRole('button', { name: 'Change role of Karim Ahmed' }));
    const dialog = within(screen.getByRole('dialog'));
    await userEvent.selectOptions(dialog.getByLabelText('New role'), 'Customer');
    await userEvent.click(dialog.getByRole('button', { name: 'Save role' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(LAST_ADMIN);
  });

  it("deletes after a confirmation, and shows the server's 409 when it refuses", async () => {
    let answer = refused(409, LAST_ADMIN);
    const fetchMock = stubApi({ 'GET /api/user/users': page([KARIM]), 'DELETE /api/user/delete-user/u2': () => answer });
    await renderUsers();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Karim Ahmed' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete the account of Karim Ahmed?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(LAST_ADMIN);

    answer = ok(null);
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'DELETE /api/user/delete-user/u2')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses a role change or a deletion made offline, saying it needs a connection, and sends nothing', async () => {
    const fetchMock = stubApi({ 'GET /api/user/users': page([RAHIM]) });
    await renderUsers();
    await screen.findByRole('row', { name: /Rahim Uddin/ });
    act(() => onlineManager.setOnline(false));

    await userEvent.click(screen.getByRole('button', { name: 'Change role of Rahim Uddin' }));
    const roleDialog = within(screen.getByRole('dialog'));
    await userEvent.selectOptions(roleDialog.getByLabelText('New role'), 'Admin');
    await userEvent.click(roleDialog.getByRole('button', { name: 'Save role' }));
    expect(roleDialog.getByRole('alert')).toHaveTextContent(NEEDS_CONNECTION);
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Delete Rahim Uddin' }));
    const deleteDialog = within(screen.getByRole('dialog'));
    await userEvent.click(deleteDialog.getByRole('button', { name: 'Delete' }));
    expect(deleteDialog.getByRole('alert')).toHaveTextContent(NEEDS_CONNECTION);
    expect(requestsTo(fetchMock, 'PATCH /api/user/change-role')).toHaveLength(0);
    expect(requestsTo(fetchMock, 'DELETE /api/user/delete-user/u1')).toHaveLength(0);
  });
});
