import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { bodiesSentTo, stubApi } from '@/test/api';
import { CUSTOMER } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { VerifyAccountPage } from './verify-account-page';

afterEach(() => {
  vi.useRealTimers();
});

const verifyPath = 'POST /api/user/verify-account';

async function open() {
  const { router } = await renderPage(<VerifyAccountPage token="tok-123" />, { at: '/verify/tok-123', strict: true });
  const user = vi.isFakeTimers() ? userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) }) : userEvent.setup();
  const password = await screen.findByLabelText('Password');
  return { user, password, router };
}

async function verifyWith(user: ReturnType<typeof userEvent.setup>, password: string) {
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('VerifyAccountPage', () => {
  it('asks for the sign-up password, sends it with the token once, says Verified! and goes to /login with the address after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: (reply: { body: unknown }) => void = () => {};
    const fetchMock = stubApi({ [verifyPath]: () => new Promise((resolve) => (answer = resolve)) });
    const { user, password, router } = await open();
    expect(screen.getByRole('heading', { name: 'Verify your account' })).toBeInTheDocument();
    expect(password).toHaveFocus();
    // Nothing is sent before the password is given.
    expect(bodiesSentTo(fetchMock, verifyPath)).toEqual([]);

    await verifyWith(user, 'secret123');
    expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeDisabled();
    answer({ body: { success: true, message: 'Account verified', data: { user: CUSTOMER } } });
    expect(await screen.findByRole('heading', { name: 'Verified!' })).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, verifyPath)).toEqual([{ token: 'tok-123', password: 'secret123' }]);
    // No access token in the answer: nobody is signed in.
    expect(session.get().user).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.queryByText('Page /login')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(await screen.findByText('Page /login')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ identifier: 'rahim@example.com' });
  });

  it('refuses an empty password with the contract message, without calling the server', async () => {
    const fetchMock = stubApi({});
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the password you chose when signing up')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, verifyPath)).toEqual([]);
  });

  it('keeps the form with the server’s message when the password is not the one chosen for this link', async () => {
    stubApi({ [verifyPath]: { status: 403, body: { success: false, message: 'This is not the password chosen when signing up with this link' } } });
    const { user } = await open();
    await verifyWith(user, 'not-mine');
    expect(await screen.findByRole('alert')).toHaveTextContent('This is not the password chosen when signing up with this link');
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Verification failed' })).not.toBeInTheDocument();
  });

  it('signs the user in when the answer carries a user and an access token', async () => {
    stubApi({ [verifyPath]: { body: { success: true, message: 'ok', data: { user: CUSTOMER, accessToken: 'token-v' } } } });
    const { user } = await open();
    await verifyWith(user, 'secret123');
    expect(await screen.findByRole('heading', { name: 'Verified!' })).toBeInTheDocument();
    expect(session.get()).toMatchObject({ user: CUSTOMER, token: 'token-v' });
  });

  it.each([
    ['an expired link', 400, 'Verification link has expired', 'Verification link has expired. Please register again.'],
    ['status 409', 409, 'Account already verified', 'Account already verified. Please login.'],
    ['a message saying already', 400, 'This account is already active', 'Account already verified. Please login.'],
    ['another server message', 400, 'Invalid verification token', 'Invalid verification token'],
    ['no message at all', 500, undefined, 'Verification failed. Please try again.'],
  ])('on %s says so and offers register and login', async (_case, status, message, shown) => {
    stubApi({ [verifyPath]: { status, body: message ? { success: false, message } : {} } });
    const { user } = await open();
    await verifyWith(user, 'secret123');
    expect(await screen.findByRole('heading', { name: 'Verification failed' })).toBeInTheDocument();
    expect(screen.getByText(shown)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });
});
