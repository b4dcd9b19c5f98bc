import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { bodiesSentTo, ok, refused, type Reply, stubApi } from '@/test/api';
import { renderPage } from '@/test/render';
import { OtpVerificationRegisterPage } from './otp-verification-register-page';

const verifyPath = 'POST /api/user/verify-otp';
const resendPath = 'POST /api/user/resend-registration';

async function setup(
  state: { phone?: string; registration?: string },
  reply?: Parameters<typeof stubApi>[0][string],
  routes: Parameters<typeof stubApi>[0] = {},
) {
  const fetchMock = stubApi({ ...routes, ...(reply ? { [verifyPath]: reply } : {}) });
  const view = await renderPage(<OtpVerificationRegisterPage />, { at: '/otp-verification-register', state });
  const user = userEvent.setup();
  await screen.findByRole('group', { name: 'Verification code' });
  return { ...view, fetchMock, user };
}

describe('OtpVerificationRegisterPage', () => {
  it('focuses the first box and names the phone the code went to', async () => {
    await setup({ phone: '01712345678', registration: 'reg-token' });
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 4' })).toHaveFocus();
    expect(screen.getByText(/01712345678/)).toBeInTheDocument();
  });

  it.each([
    ['fewer than 4 digits', { phone: '01712345678', registration: 'reg-token' }, '123'],
    ['no phone in history state', { registration: 'reg-token' }, '1234'],
    ['no registration in history state', { phone: '01712345678' }, '1234'],
  ])('refuses %s with the spec message, without calling the server', async (_case, state, typed) => {
    const error = vi.spyOn(notify, 'error');
    const { user, fetchMock } = await setup(state);
    await user.keyboard(typed);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP or session expired');
    expect(error).toHaveBeenCalledWith('Invalid OTP or session expired');
    expect(bodiesSentTo(fetchMock, verifyPath)).toEqual([]);
  });

  it('verifies phone and code, says so, and goes to /login with the phone to sign in with', async () => {
    const success = vi.spyOn(notify, 'success');
    const { user, fetchMock, router } = await setup({ phone: '01712345678', registration: 'reg-token' }, ok(null));
    await user.keyboard('4821');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Page /login')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ identifier: '01712345678' });
    expect(bodiesSentTo(fetchMock, verifyPath)).toEqual([{ phone: '01712345678', code: '4821', registration: 'reg-token' }]);
    expect(success).toHaveBeenCalledWith('Account verified successfully');
  });

  it('shows Verifying... while the call runs', async () => {
    let answer: (reply: Reply) => void = () => {};
    const { user } = await setup({ phone: '01712345678', registration: 'reg-token' }, () => new Promise<Reply>((resolve) => (answer = resolve)));
    await user.keyboard('4821');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeDisabled();
    answer(ok(null));
    expect(await screen.findByText('Page /login')).toBeInTheDocument();
  });

  it.each([
    ['the server message', { status: 400, body: { success: false, message: 'Invalid or expired OTP' } }, 'Invalid or expired OTP'],
    ['the fallback', { status: 500, body: {} }, 'OTP verification failed'],
  ])('toasts the spec text and shows %s beside the code', async (_case, reply, inline) => {
    const error = vi.spyOn(notify, 'error');
    const { user } = await setup({ phone: '01712345678', registration: 'reg-token' }, reply);
    await user.keyboard('4821');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('OTP verification failed'));
    expect(screen.getByRole('alert')).toHaveTextContent(inline);
  });

  describe('Resend code', () => {
    it('texts a new code, says so, clears the boxes, and verifies with the registration’s new token', async () => {
      const success = vi.spyOn(notify, 'success');
      const { user, fetchMock } = await setup({ phone: '01712345678', registration: 'reg-1' }, ok(null), {
        [resendPath]: ok({ method: 'phone', phone: '01712345678', registration: 'reg-2' }),
      });
      await user.keyboard('48');
      await user.click(screen.getByRole('button', { name: 'Resend code' }));
      await waitFor(() => expect(success).toHaveBeenCalledWith('We sent a new code'));
      expect(bodiesSentTo(fetchMock, resendPath)).toEqual([{ method: 'phone', phone: '01712345678', registration: 'reg-1' }]);
      await waitFor(() => expect(screen.getByRole('textbox', { name: 'Digit 1 of 4' })).toHaveFocus());
      expect(screen.getByRole('textbox', { name: 'Digit 1 of 4' })).toHaveValue('');

      await user.keyboard('1234');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('Page /login')).toBeInTheDocument();
      expect(bodiesSentTo(fetchMock, verifyPath)).toEqual([{ phone: '01712345678', code: '1234', registration: 'reg-2' }]);
    });

    it("toasts the server's refusal, e.g. the hourly limit, and stays", async () => {
      const error = vi.spyOn(notify, 'error');
      const tooMany = 'Too many codes and links were asked for from your network. Please try again in an hour.';
      const { user } = await setup({ phone: '01712345678', registration: 'reg-1' }, undefined, { [resendPath]: refused(429, tooMany) });
      await user.click(screen.getByRole('button', { name: 'Resend code' }));
      await waitFor(() => expect(error).toHaveBeenCalledWith(tooMany));
      expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
    });

    it('is not offered without the registration to send it for', async () => {
      await setup({ phone: '01712345678' });
      expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Use a different number' })).toHaveAttribute('href', '/register');
    });
  });
});
