import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { PublicUser } from '@contract/auth';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { session } from '@/lib/session';
import { publicConfigQuery, useGoogleLogin } from '../api';
import { LOGIN_NAVIGATION_DELAY_MS, SIGN_IN_TOAST } from '../lib/constants';
import { validationMessageNow } from '@/i18n/validation';
import { textsNow } from '@/i18n/messages';
import { useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';

type CredentialResponse = { credential?: string };
type ButtonOptions = {
  type: 'standard';
  theme: 'outline';
  size: 'large';
  text: 'signin_with' | 'signup_with';
  width?: number;
};
type GoogleAccountsId = {
  initialize(config: { client_id: string; callback: (response: CredentialResponse) => void }): void;
  renderButton(parent: HTMLElement, options: ButtonOptions): void;
};

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

export const GSI_SCRIPT_SRC = 'https://accounts.google.com/gsi/client';
/** Google draws its button between these widths; inside them it can match our full-width buttons. */
const GSI_MIN_WIDTH = 200;
const GSI_MAX_WIDTH = 400;

let gsiLoading: Promise<GoogleAccountsId> | null = null;

/** Loads Google Identity Services once per page, and only when a screen needs it (it is ~90 kB on 3G). */
function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  gsiLoading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_SCRIPT_SRC;
    script.async = true;
    script.onload = () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google Identity Services did not start'));
    };
    script.onerror = () => {
      // Removed so that the next screen that needs it tries again (e.g. once back online).
      script.remove();
      reject(new Error('Google Identity Services failed to load'));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    gsiLoading = null;
    throw error;
  });
  return gsiLoading;
}

function hasRequiredFields(user: Partial<PublicUser>): boolean {
  return typeof user._id === 'string' && user._id !== '' && typeof user.role === 'string' && typeof user.name === 'string';
}

type GoogleSignInProps = {
  text: 'signin_with' | 'signup_with';
  /** Where to go after signing in; a same-site href. */
  redirectTo: string;
  /** The 'or' rule between this and the password way in, drawn only when the button is. */
  divider: 'above' | 'below';
};

/** Google sign-in (and sign-up): drawn only when the server has a Google client id. */
export function GoogleSignIn({ text, redirectTo, divider }: GoogleSignInProps) {
  const { data: config } = useQuery(publicConfigQuery);
  const clientId = config?.googleClientId ?? null;
  const [failed, setFailed] = useState(false);
  const host = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const googleLogin = useGoogleLogin();
  const words = useMessages(authText);

  const onCredential = useEffectEvent(async ({ credential }: CredentialResponse) => {
    const now = textsNow(authText);
    if (!credential) {
      notify.error(now.googleNoCredential, SIGN_IN_TOAST);
      return;
    }
    try {
      const { data } = await googleLogin.mutateAsync(credential);
      if (!data) {
        notify.error(now.googleNoData, SIGN_IN_TOAST);
        return;
      }
      const { user, accessToken } = data;
      if (!user || !accessToken) {
        notify.error(now.googleMissingSession, SIGN_IN_TOAST);
        return;
      }
      if (!hasRequiredFields(user)) {
        notify.error(now.googleMissingFields, SIGN_IN_TOAST);
        return;
      }
      session.setUser(user, accessToken);
      notify.success(now.googleSuccess, SIGN_IN_TOAST);
      setTimeout(() => void navigate({ href: redirectTo }), LOGIN_NAVIGATION_DELAY_MS);
    } catch (error) {
      if (error instanceof ApiError && !error.isNetworkError)
        notify.error(error.hasServerMessage ? validationMessageNow(error.message) : now.googleFailed, SIGN_IN_TOAST);
      else notify.error(now.googleLoginFailed, SIGN_IN_TOAST);
    }
  });

  useEffect(() => {
    const element = host.current;
    if (!clientId || !element) return;
    let active = true;
    loadGoogleIdentity()
      .then((id) => {
        if (!active) return;
        id.initialize({ client_id: clientId, callback: (response) => void onCredential(response) });
        const width = Math.min(element.clientWidth, GSI_MAX_WIDTH);
        id.renderButton(element, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text,
          width: width >= GSI_MIN_WIDTH ? width : undefined,
        });
      })
      .catch(() => {
        if (!active) return;
        setFailed(true);
        notify.error(textsNow(authText).googleLoginFailed, SIGN_IN_TOAST);
      });
    return () => {
      active = false;
    };
  }, [clientId, text]);

  if (!clientId || failed) return null;

  const rule = (
    <div className="my-5 flex items-center gap-3 text-sm text-gray-700">
      <span aria-hidden="true" className="h-px flex-1 bg-gray-300" />
      {words.or}
      <span aria-hidden="true" className="h-px flex-1 bg-gray-300" />
    </div>
  );
  return (
    <div>
      {divider === 'above' && rule}
      {/* Google draws its own labelled button in here; the height is kept so nothing jumps when it arrives. */}
      <div ref={host} className="flex min-h-11 justify-center" />
      {googleLogin.isPending && (
        <p role="status" className="mt-2 text-center text-sm text-gray-700">
          {words.signingIn}
        </p>
      )}
      {divider === 'below' && rule}
    </div>
  );
}
