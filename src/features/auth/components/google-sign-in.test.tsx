import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { notify } from '@/lib/notify';
import { session } from '@/lib/session';
import { bodiesSentTo, ok, stubApi } from '@/test/api';
import { CUSTOMER } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { SIGN_IN_TOAST } from '../lib/constants';
import { GoogleSignIn, GSI_SCRIPT_SRC } from './google-sign-in';

const withClientId = { 'GET /api/config': ok({ googleClientId: 'client-123' }) };

type Callback = (response: { credential?: string }) => void;

/** Google Identity Services as the page sees it once its script has run. */
function stubGoogleIdentity() {
  const gsi = {
    initialize: vi.fn<(config: { client_id: string; callback: Callback }) => void>(),
    renderButton: vi.fn<(parent: HTMLElement, options: Record<string, unknown>) => void>(),
  };
  window.google = { accounts: { id: gsi } };
  return gsi;
}

async function renderButton(handlers: Parameters<typeof stubApi>[0]) {
  const fetchMock = stubApi({ ...withClientId, ...handlers });
  const gsi = stubGoogleIdentity();
  const view = await renderPage(<GoogleSignIn text="signin_with" redirectTo="/products?page=2" divider="below" />, { at: '/login' });
  await waitFor(() => expect(gsi.renderButton).toHaveBeenCalled());
  const callback = gsi.initialize.mock.calls[0]![0].callback;
  return { ...view, gsi, fetchMock, sendCredential: (credential?: string) => act(async () => callback({ credential })) };
}

let error: MockInstance<typeof notify.error>;
let success: MockInstance<typeof notify.success>;

beforeEach(() => {
  error = vi.spyOn(notify, 'error');
  success = vi.spyOn(notify, 'success');
});

afterEach(() => {
  delete window.google;
  document.querySelectorAll(`script[src="${GSI_SCRIPT_SRC}"]`).forEach((script) => script.remove());
});

describe('GoogleSignIn', () => {
  it('renders nothing and loads no script when the server has no Google client id', async () => {
    const fetchMock = stubApi({ 'GET /api/config': ok({ googleClientId: null }) });
    const { container } = await renderPage(<GoogleSignIn text="signin_with" redirectTo="/" divider="below" />, { at: '/login' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/config', expect.anything()));
    await act(async () => {});
    expect(container).toBeEmptyDOMElement();
    expect(document.querySelector(`script[src="${GSI_SCRIPT_SRC}"]`)).toBeNull();
  });

  it('draws the standard, outline, large button with the configured client id', async () => {
    const { gsi } = await renderButton({});
    expect(gsi.initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'client-123' }));
    const [parent, options] = gsi.renderButton.mock.calls[0]!;
    expect(parent).toBeInstanceOf(HTMLElement);
    expect(options).toMatchObject({ type: 'standard', theme: 'outline', size: 'large', text: 'signin_with' });
  });

  it('sends the credential, stores the session and goes on to the redirect target', async () => {
    const { fetchMock, router, sendCredential } = await renderButton({
      'POST /api/user/google-login': ok({ user: CUSTOMER, accessToken: 'token-g' }),
    });
    await sendCredential('google-id-token');
    expect(bodiesSentTo(fetchMock, 'POST /api/user/google-login')).toEqual([{ authCode: 'google-id-token' }]);
    expect(success).toHaveBeenCalledWith('Google authentication successful!', SIGN_IN_TOAST);
    expect(session.get()).toMatchObject({ user: CUSTOMER, token: 'token-g' });
    expect(await screen.findByText('Page /products')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ page: 2 });
  });

  it('says so when Google gives no credential, without calling the server', async () => {
    const { fetchMock, sendCredential } = await renderButton({});
    await sendCredential(undefined);
    expect(error).toHaveBeenCalledWith('No credential received from Google', SIGN_IN_TOAST);
    expect(bodiesSentTo(fetchMock, 'POST /api/user/google-login')).toEqual([]);
  });

  it.each([
    ['no data', ok(null), 'No data received from server'],
    ['no token', ok({ user: CUSTOMER }), 'Authentication failed - missing user or token'],
    ['no user', ok({ accessToken: 't' }), 'Authentication failed - missing user or token'],
    ['a user without id or role', ok({ user: { name: 'X' }, accessToken: 't' }), 'Authentication failed - missing required fields'],
    ['a refusal with a message', { status: 401, body: { success: false, message: 'Invalid Google token' } }, 'Invalid Google token'],
    ['a refusal without a message', { status: 500, body: {} }, 'Google authentication failed'],
  ])('reports %s', async (_case, reply, message) => {
    const { sendCredential } = await renderButton({ 'POST /api/user/google-login': reply });
    await sendCredential('google-id-token');
    expect(error).toHaveBeenCalledWith(message, SIGN_IN_TOAST);
    expect(session.get().user).toBeNull();
  });

  it('reports a network failure as a failed Google login', async () => {
    const { fetchMock, sendCredential } = await renderButton({});
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await sendCredential('google-id-token');
    expect(error).toHaveBeenCalledWith('Google login failed. Please try again.', SIGN_IN_TOAST);
  });

  it('loads the Google script on demand; when it fails to load, says so and removes the button', async () => {
    stubApi(withClientId);
    const { container } = await renderPage(<GoogleSignIn text="signup_with" redirectTo="/" divider="above" />, { at: '/register' });
    let script: HTMLScriptElement | null = null;
    await waitFor(() => {
      script = document.querySelector(`script[src="${GSI_SCRIPT_SRC}"]`);
      expect(script).not.toBeNull();
    });
    await act(async () => script!.dispatchEvent(new Event('error')));
    expect(error).toHaveBeenCalledWith('Google login failed. Please try again.', SIGN_IN_TOAST);
    expect(container).toBeEmptyDOMElement();
  });
});
