import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { bodiesSentTo, ok, stubApi } from '@/test/api';
import { CUSTOMER } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { VerifyAccountPage } from './verify-account-page';

afterEach(() => {
  vi.useRealTimers();
});

const verifyPath = 'POST /api/user/verify-account';

describe('VerifyAccountPage', () => {
  it('verifies the token once, even in StrictMode, then says Verified! and goes to /login after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: (reply: { body: unknown }) => void = () => {};
    const fetchMock = stubApi({ [verifyPath]: () => new Promise((resolve) => (answer = resolve)) });
    await renderPage(<VerifyAccountPage token="tok-123" />, { at: '/verify/tok-123', strict: true });

    expect(await screen.findByRole('heading', { name: 'Verifying...' })).toBeInTheDocument();
    answer({ body: { success: true, message: 'Account verified', data: { user: CUSTOMER } } });
    expect(await screen.findByRole('heading', { name: 'Verified!' })).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, verifyPath)).toEqual([{ token: 'tok-123' }]);
    // No access token in the answer: nobody is signed in.
    expect(session.get().user).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.queryByText('Page /login')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(await screen.findByText('Page /login')).toBeInTheDocument();
  });

  it('signs the user in when the answer carries a user and an access token', async () => {
    stubApi({ [verifyPath]: ok({ user: CUSTOMER, accessToken: 'token-v' }) });
    await renderPage(<VerifyAccountPage token="tok-123" />, { at: '/verify/tok-123' });
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
    await renderPage(<VerifyAccountPage token="tok-123" />, { at: '/verify/tok-123' });
    expect(await screen.findByRole('heading', { name: 'Verification failed' })).toBeInTheDocument();
    expect(screen.getByText(shown)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });
});
