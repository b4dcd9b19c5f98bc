import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { session } from '@/lib/session';
import { bodiesSentTo, ok, type Reply, stubApi } from '@/test/api';
import { CUSTOMER } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { SIGN_IN_TOAST } from '../lib/constants';
import { LoginPage } from './login-page';

const noGoogle = { 'GET /api/config': ok({ googleClientId: null }) };

async function openPasswordForm() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Via Password' }));
  return user;
}

describe('LoginPage', () => {
  it('reveals the password form behind Via Password, focusing Email or Phone', async () => {
    stubApi(noGoogle);
    await renderPage(<LoginPage />, { at: '/login' });
    const toggle = await screen.findByRole('button', { name: 'Via Password' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Email or Phone')).not.toBeInTheDocument();

    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Email or Phone')).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });

  it('opens the password form with the address of a just-verified account filled in, focusing Password', async () => {
    const fetchMock = stubApi({ ...noGoogle, 'POST /api/user/signin': ok({ user: CUSTOMER, accessToken: 'token-1' }) });
    await renderPage(<LoginPage />, { at: '/login', state: { identifier: 'rahim@example.com' } });
    expect(await screen.findByRole('button', { name: 'Via Password' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Email or Phone')).toHaveValue('rahim@example.com');
    expect(screen.getByLabelText('Password')).toHaveFocus();

    const user = userEvent.setup();
    await user.keyboard('secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Page /')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/user/signin')).toEqual([{ identifier: 'rahim@example.com', password: 'secret1' }]);
  });

  it('shows and hides the password with a labelled toggle', async () => {
    stubApi(noGoogle);
    await renderPage(<LoginPage />, { at: '/login' });
    const user = await openPasswordForm();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('requires both fields before calling the server', async () => {
    const fetchMock = stubApi(noGoogle);
    await renderPage(<LoginPage />, { at: '/login' });
    const user = await openPasswordForm();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email or phone is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/user/signin')).toEqual([]);
  });

  it("shows the server's error once, in the inline alert box, and takes an earlier sign-in toast away", async () => {
    const error = vi.spyOn(notify, 'error');
    const dismiss = vi.spyOn(notify, 'dismiss');
    stubApi({
      ...noGoogle,
      'POST /api/user/signin': { status: 401, body: { success: false, message: 'Invalid email/phone or password' } },
    });
    await renderPage(<LoginPage />, { at: '/login' });
    const user = await openPasswordForm();
    await user.type(screen.getByLabelText('Email or Phone'), 'rahim@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email/phone or password');
    expect(error).not.toHaveBeenCalled();
    expect(dismiss).toHaveBeenCalledWith(SIGN_IN_TOAST.id);
    expect(session.get().user).toBeNull();
  });

  it("says 'Login failed' when the server gives no message", async () => {
    stubApi({ ...noGoogle, 'POST /api/user/signin': { status: 500, body: {} } });
    await renderPage(<LoginPage />, { at: '/login' });
    const user = await openPasswordForm();
    await user.type(screen.getByLabelText('Email or Phone'), 'rahim@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('shows Signing in... while the call runs', async () => {
    let answer: (reply: Reply) => void = () => {};
    stubApi({ ...noGoogle, 'POST /api/user/signin': () => new Promise<Reply>((resolve) => (answer = resolve)) });
    await renderPage(<LoginPage />, { at: '/login' });
    const user = await openPasswordForm();
    await user.type(screen.getByLabelText('Email or Phone'), 'rahim@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    answer(ok({ user: CUSTOMER, accessToken: 'token-1' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Signing in...' })).not.toBeInTheDocument());
  });

  it('signs in, stores the session, and goes back to the page the user came from, query string included', async () => {
    const success = vi.spyOn(notify, 'success');
    const fetchMock = stubApi({
      ...noGoogle,
      'POST /api/user/signin': ok({ user: CUSTOMER, accessToken: 'token-1' }),
    });
    const { router } = await renderPage(<LoginPage redirectTo="/products?page=2&sort=price" />, { at: '/login' });
    const user = await openPasswordForm();
    await user.type(screen.getByLabelText('Email or Phone'), '  rahim@example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Page /products')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/products');
    expect(router.state.location.search).toEqual({ page: 2, sort: 'price' });
    expect(bodiesSentTo(fetchMock, 'POST /api/user/signin')).toEqual([{ identifier: 'rahim@example.com', password: 'secret1' }]);
    expect(session.get()).toMatchObject({ user: CUSTOMER, token: 'token-1' });
    // Under the sign-in toast's id: it replaces an error toast of an earlier attempt still on screen.
    expect(success).toHaveBeenCalledWith('Login successful', SIGN_IN_TOAST);
  });

  it('goes home after sign-in when there is nowhere to go back to, and never to another site', async () => {
    stubApi({
      ...noGoogle,
      'POST /api/user/signin': ok({ user: CUSTOMER, accessToken: 'token-1' }),
    });
    const { router } = await renderPage(<LoginPage redirectTo="//evil.example/phish" />, { at: '/login' });
    const user = await openPasswordForm();
    await user.type(screen.getByLabelText('Email or Phone'), 'rahim@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Page /')).toBeInTheDocument();
    expect(router.state.location.href).toBe('/');
  });

  it('draws no Google button and loads no Google script without a client id', async () => {
    stubApi(noGoogle);
    await renderPage(<LoginPage />, { at: '/login' });
    const card = (await screen.findByRole('button', { name: 'Via Password' })).parentElement!;
    await waitFor(() => expect(within(card).queryByText('or')).not.toBeInTheDocument());
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });
});
