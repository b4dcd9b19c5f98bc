import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ForgotPasswordResult,
  LoginInput,
  PublicConfig,
  PublicUser,
  RegisterInput,
  RegisterResult,
  ResendRegistrationInput,
  ResetOtpResult,
  SessionData,
  resetPasswordSchema,
  verifyAccountSchema,
  verifyRegisterOtpSchema,
  verifyResetOtpSchema,
} from '@contract/auth';
import { api } from '@/lib/api';
import { session } from '@/lib/session';

/** Run-time configuration; it only changes with a deploy, so one fetch per visit is enough. */
export const publicConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: async () => (await api<PublicConfig>('/config')).data,
  staleTime: Infinity,
});

function post<T>(path: string, body: unknown) {
  return api<T>(`/user${path}`, { method: 'POST', body });
}

/** Email verification answers the user; a session only when the server also grants a token. */
export type VerifyAccountResult = { user?: PublicUser; accessToken?: string } | null;

export const signIn = async (input: LoginInput) => (await post<SessionData>('/signin', input)).data;
/** The whole answer: the Google flow reports a missing `data` or missing fields itself. */
export const googleLogin = (authCode: string) => post<Partial<SessionData> | null>('/google-login', { authCode });
export const registerAccount = async (input: RegisterInput) => (await post<RegisterResult>('/register', input)).data;
/** Sends a registration's link or code again; answers the registration's new token. */
export const resendRegistration = async (input: ResendRegistrationInput) => (await post<RegisterResult>('/resend-registration', input)).data;
export const verifyAccount = async (input: z.infer<typeof verifyAccountSchema>) => (await post<VerifyAccountResult>('/verify-account', input)).data;
export const verifyRegisterOtp = (input: z.infer<typeof verifyRegisterOtpSchema>) => post<unknown>('/verify-otp', input);
export const forgotPassword = (identifier: string) => post<ForgotPasswordResult>('/forgot-password', { identifier });
export const verifyResetOtp = async (input: z.infer<typeof verifyResetOtpSchema>) => (await post<ResetOtpResult>('/verify-reset-otp', input)).data;
export const resetPassword = (input: z.infer<typeof resetPasswordSchema>) => post<unknown>('/reset-password', input);

/**
 * Account calls fail at once when offline instead of pausing: a paused mutation would keep the
 * button busy with no word to the user, and could be persisted with a password in it.
 */
const NETWORK_MODE = 'always';

export const useSignIn = () => useMutation({ mutationFn: signIn, networkMode: NETWORK_MODE });
export const useGoogleLogin = () => useMutation({ mutationFn: googleLogin, networkMode: NETWORK_MODE });
export const useRegisterAccount = () => useMutation({ mutationFn: registerAccount, networkMode: NETWORK_MODE });
export const useResendRegistration = () => useMutation({ mutationFn: resendRegistration, networkMode: NETWORK_MODE });
/** A verification answer carrying a user and a token signs the user in, like a login. */
export const useVerifyAccount = () =>
  useMutation({
    mutationFn: verifyAccount,
    networkMode: NETWORK_MODE,
    onSuccess: (data) => {
      if (data?.user && data.accessToken) session.setUser(data.user, data.accessToken);
    },
  });
export const useVerifyRegisterOtp = () => useMutation({ mutationFn: verifyRegisterOtp, networkMode: NETWORK_MODE });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword, networkMode: NETWORK_MODE });
export const useVerifyResetOtp = () => useMutation({ mutationFn: verifyResetOtp, networkMode: NETWORK_MODE });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword, networkMode: NETWORK_MODE });
