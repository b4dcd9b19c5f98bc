import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { bodiesSentTo, ok, type Reply, stubApi } from '@/test/api';
import { renderPage } from '@/test/render';
import { OtpVerificationRegisterPage } from './otp-verification-register-page';

const verifyPath = 'POST /api/user/verify-otp';

async function setup(state: { phone?: string; registration?: string }, reply?: Parameters<typeof stubApi>[0][string]) {
  const fetchMock = stubApi(reply ? { [verifyPath]: reply } : {});
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

  it('verifies phone and code, says so, and goes to /login', async () => {
    const success = vi.spyOn(notify, 'success');
    const { user, fetchMock } = await setup({ phone: '01712345678', registration: 'reg-token' }, ok(null));
    await user.keyboard('4821');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Page /login')).toBeInTheDocument();
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
});
