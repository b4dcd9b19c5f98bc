import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { bodiesSentTo, ok, stubApi } from '@/test/api';
import { renderPage } from '@/test/render';
import { RegisterPage } from './register-page';

const noGoogle = { 'GET /api/config': ok({ googleClientId: null }) };

/** The visible tab panel: the hidden one holds fields with the same labels. */
const panel = () => within(screen.getByRole('tabpanel'));

async function setup(handlers: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({ ...noGoogle, ...handlers });
  const view = await renderPage(<RegisterPage />, { at: '/register' });
  await screen.findByRole('tablist');
  return { ...view, fetchMock, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    const input = panel().getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('RegisterPage tabs', () => {
  it('has an email and a phone tab, email first, each controlling its panel', async () => {
    await setup();
    const [email, phone] = screen.getAllByRole('tab');
    expect(email).toHaveTextContent('Signup with Email');
    expect(phone).toHaveTextContent('Signup with Phone');
    expect(email).toHaveAttribute('aria-selected', 'true');
    expect(phone).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('id', email!.getAttribute('aria-controls'));
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Signup with Email');
    expect(panel().getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('focuses Name when the page opens', async () => {
    await setup();
    await waitFor(() => expect(panel().getByLabelText('Name')).toHaveFocus());
  });

  it('switches with a click and with the arrow, Home and End keys, one tab stop at a time', async () => {
    const { user } = await setup();
    const [email, phone] = screen.getAllByRole('tab') as [HTMLElement, HTMLElement];
    await user.click(phone);
    expect(phone).toHaveAttribute('aria-selected', 'true');
    expect(panel().getByLabelText('Phone')).toBeInTheDocument();
    expect(panel().queryByLabelText('Email')).not.toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-selected', 'true');
    expect(email).toHaveAttribute('tabindex', '0');
    expect(phone).toHaveAttribute('tabindex', '-1');

    await user.keyboard('{ArrowLeft}');
    expect(phone).toHaveFocus();
    await user.keyboard('{Home}');
    expect(email).toHaveFocus();
    await user.keyboard('{End}');
    expect(phone).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Signup with Phone');
  });

  it('keeps what was typed when switching tabs', async () => {
    const { user } = await setup();
    await fill(user, { Name: 'Rahim' });
    await user.click(screen.getByRole('tab', { name: 'Signup with Phone' }));
    await user.click(screen.getByRole('tab', { name: 'Signup with Email' }));
    expect(panel().getByLabelText('Name')).toHaveValue('Rahim');
  });
});

describe('RegisterPage by email', () => {
  it('shows the exact inline messages and sends nothing', async () => {
    const { user, fetchMock } = await setup();
    await fill(user, { Name: 'ab', Email: 'rahim@', Password: '12345', 'Confirm Password': '54321' });
    await user.click(panel().getByRole('button', { name: 'Create Account' }));

    expect(await panel().findByText('Name must be at least 3 characters')).toBeInTheDocument();
    expect(panel().getByText('Invalid email')).toBeInTheDocument();
    expect(panel().getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(panel().getByText("Passwords don't match")).toBeInTheDocument();
    expect(panel().getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(panel().getByLabelText('Name')).toHaveAccessibleDescription('Name must be at least 3 characters');
    expect(bodiesSentTo(fetchMock, 'POST /api/user/register')).toEqual([]);
  });

  it('registers with a trimmed, lowercased email, then sends the user to check their mail with the address and the registration’s token', async () => {
    const success = vi.spyOn(notify, 'success');
    const { user, fetchMock, router } = await setup({
      'POST /api/user/register': {
        status: 201,
        body: { success: true, message: 'ok', data: { method: 'email', email: 'rahim@example.com', registration: 'reg-token' } },
      },
    });
    await fill(user, { Name: ' Rahim ', Email: ' Rahim@Example.com ', Password: 'secret1', 'Confirm Password': 'secret1' });
    await user.click(panel().getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Page /verify/pending')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ email: 'rahim@example.com', registration: 'reg-token' });
    expect(bodiesSentTo(fetchMock, 'POST /api/user/register')).toEqual([
      { method: 'email', name: 'Rahim', email: 'rahim@example.com', password: 'secret1', confirmPassword: 'secret1' },
    ]);
    expect(success).toHaveBeenCalledWith('Go to your email to verify your account');
  });

  it("shows Creating... while the call runs and toasts the server's refusal", async () => {
    const error = vi.spyOn(notify, 'error');
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    const { user } = await setup({ 'POST /api/user/register': () => new Promise((resolve) => (answer = resolve)) });
    await fill(user, { Name: 'Rahim', Email: 'rahim@example.com', Password: 'secret1', 'Confirm Password': 'secret1' });
    await user.click(panel().getByRole('button', { name: 'Create Account' }));

    expect(await panel().findByRole('button', { name: 'Creating...' })).toBeDisabled();
    answer({ status: 409, body: { success: false, message: 'Email already registered' } });
    await waitFor(() => expect(error).toHaveBeenCalledWith('Email already registered'));
    expect(panel().getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it("toasts 'Registration failed' when the server gives no message", async () => {
    const error = vi.spyOn(notify, 'error');
    const { user } = await setup({ 'POST /api/user/register': { status: 500, body: {} } });
    await fill(user, { Name: 'Rahim', Email: 'rahim@example.com', Password: 'secret1', 'Confirm Password': 'secret1' });
    await user.click(panel().getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Registration failed'));
  });
});

describe('RegisterPage by phone', () => {
  it("shows 'Invalid phone number' for a number outside 01[3-9]XXXXXXXX", async () => {
    const { user, fetchMock } = await setup();
    await user.click(screen.getByRole('tab', { name: 'Signup with Phone' }));
    await fill(user, { Name: 'Karim', Phone: '01212345678', Password: 'secret1', 'Confirm Password': 'secret1' });
    await user.click(panel().getByRole('button', { name: 'Create Account' }));
    expect(await panel().findByText('Invalid phone number')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/user/register')).toEqual([]);
  });

  it('registers and carries the phone and the registration’s token to the code step in history state', async () => {
    const { user, fetchMock, router } = await setup({
      'POST /api/user/register': {
        status: 201,
        body: { success: true, message: 'ok', data: { method: 'phone', phone: '01712345678', registration: 'reg-token' } },
      },
    });
    await user.click(screen.getByRole('tab', { name: 'Signup with Phone' }));
    await fill(user, { Name: 'Karim', Phone: '01712345678', Password: 'secret1', 'Confirm Password': 'secret1' });
    await user.click(panel().getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Page /otp-verification-register')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ phone: '01712345678', registration: 'reg-token' });
    expect(bodiesSentTo(fetchMock, 'POST /api/user/register')).toEqual([
      { method: 'phone', name: 'Karim', phone: '01712345678', password: 'secret1', confirmPassword: 'secret1' },
    ]);
  });
});
