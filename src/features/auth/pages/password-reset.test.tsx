import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { bodiesSentTo, ok, type Reply, stubApi } from '@/test/api';
import { renderPage } from '@/test/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { OtpVerificationPage } from './otp-verification-page';
import { ResetPasswordPage } from './reset-password-page';

describe('ForgotPasswordPage', () => {
  const path = 'POST /api/user/forgot-password';

  it('focuses the one field and requires it', async () => {
    const fetchMock = stubApi({});
    await renderPage(<ForgotPasswordPage />, { at: '/forgot-password' });
    const field = await screen.findByLabelText('Email or Phone');
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Email or phone is required')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, path)).toEqual([]);
  });

  it('sends the code, showing Sending otp..., then carries the identifier and the request’s token to /otp-verification', async () => {
    let answer: (reply: Reply) => void = () => {};
    const fetchMock = stubApi({ [path]: () => new Promise<Reply>((resolve) => (answer = resolve)) });
    const { router } = await renderPage(<ForgotPasswordPage />, { at: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email or Phone'), ' rahim@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByRole('button', { name: 'Sending otp...' })).toBeDisabled();
    answer({ body: { success: true, message: 'OTP sent', data: { resetRequest: 'request-1' } } });

    expect(await screen.findByText('Page /otp-verification')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ identifier: 'rahim@example.com', resetRequest: 'request-1' });
    expect(bodiesSentTo(fetchMock, path)).toEqual([{ identifier: 'rahim@example.com' }]);
  });

  it.each([
    ['the server message', { status: 404, body: { success: false, message: 'No account with that email or phone' } }, 'No account with that email or phone'],
    ["'Login failed'", { status: 500, body: {} }, 'Login failed'],
  ])('toasts a failure with %s', async (_case, reply, message) => {
    const error = vi.spyOn(notify, 'error');
    stubApi({ [path]: reply });
    await renderPage(<ForgotPasswordPage />, { at: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email or Phone'), '01712345678');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(message));
  });
});

describe('OtpVerificationPage', () => {
  const path = 'POST /api/user/verify-reset-otp';

  it.each([
    ['an identifier', { resetRequest: 'request-1' }],
    ['the request’s token', { identifier: 'rahim@example.com' }],
  ])('without %s in history state refuses the code', async (_case, state) => {
    const fetchMock = stubApi({});
    await renderPage(<OtpVerificationPage />, { at: '/otp-verification', state });
    const user = userEvent.setup();
    await screen.findByRole('group', { name: 'Verification code' });
    await user.keyboard('1234');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP or session expired');
    expect(bodiesSentTo(fetchMock, path)).toEqual([]);
  });

  it('verifies the code and carries identifier and reset token to /reset-password', async () => {
    const fetchMock = stubApi({ [path]: ok({ resetToken: 'reset-1' }) });
    const { router } = await renderPage(<OtpVerificationPage />, {
      at: '/otp-verification',
      state: { identifier: 'rahim@example.com', resetRequest: 'request-1' },
    });
    const user = userEvent.setup();
    await screen.findByRole('group', { name: 'Verification code' });
    await user.paste('9876');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Page /reset-password')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ identifier: 'rahim@example.com', resetToken: 'reset-1' });
    expect(bodiesSentTo(fetchMock, path)).toEqual([{ identifier: 'rahim@example.com', code: '9876', resetRequest: 'request-1' }]);
  });

  it.each([
    ['the server message', { status: 400, body: { success: false, message: 'OTP expired' } }, 'OTP expired'],
    ['the fallback', { status: 500, body: {} }, 'OTP verification failed'],
    ['the fallback when no reset token comes back', ok({}), 'OTP verification failed'],
  ])('toasts the spec text and shows %s beside the code', async (_case, reply, inline) => {
    const error = vi.spyOn(notify, 'error');
    stubApi({ [path]: reply });
    const { router } = await renderPage(<OtpVerificationPage />, { at: '/otp-verification', state: { identifier: '01712345678', resetRequest: 'request-1' } });
    const user = userEvent.setup();
    await screen.findByRole('group', { name: 'Verification code' });
    await user.keyboard('1234');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('OTP verification failed'));
    expect(screen.getByRole('alert')).toHaveTextContent(inline);
    expect(router.state.location.pathname).toBe('/otp-verification');
  });
});

describe('ResetPasswordPage', () => {
  const path = 'POST /api/user/reset-password';
  const state = { identifier: 'rahim@example.com', resetToken: 'reset-1' };

  it('without the reset session leads back to /forgot-password', async () => {
    stubApi({});
    await renderPage(<ResetPasswordPage />, { at: '/reset-password', state: { identifier: 'rahim@example.com' } });
    expect(await screen.findByText('Reset session expired. Please request a new OTP.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new OTP' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it('shows the exact inline messages', async () => {
    const fetchMock = stubApi({});
    await renderPage(<ResetPasswordPage />, { at: '/reset-password', state });
    const user = userEvent.setup();
    const password = await screen.findByLabelText('New Password');
    await waitFor(() => expect(password).toHaveFocus());
    await user.type(password, '12345');
    await user.type(screen.getByLabelText('Confirm Password'), '1234');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, path)).toEqual([]);
  });

  it('resets with identifier, reset token and password, showing Resetting..., then goes to /login', async () => {
    const success = vi.spyOn(notify, 'success');
    let answer: (reply: Reply) => void = () => {};
    const fetchMock = stubApi({ [path]: () => new Promise<Reply>((resolve) => (answer = resolve)) });
    await renderPage(<ResetPasswordPage />, { at: '/reset-password', state });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New Password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm Password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('button', { name: 'Resetting...' })).toBeDisabled();
    answer(ok(null));

    expect(await screen.findByText('Page /login')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, path)).toEqual([{ identifier: 'rahim@example.com', resetToken: 'reset-1', password: 'newpass1' }]);
    expect(success).toHaveBeenCalledWith('Password reset successful');
  });

  it.each([
    ['the server message', { status: 400, body: { success: false, message: 'Reset token expired' } }, 'Reset token expired'],
    ['the fallback', { status: 500, body: {} }, 'Password reset failed'],
  ])('toasts a failure with %s', async (_case, reply, message) => {
    const error = vi.spyOn(notify, 'error');
    stubApi({ [path]: reply });
    await renderPage(<ResetPasswordPage />, { at: '/reset-password', state });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New Password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm Password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(message));
  });
});
