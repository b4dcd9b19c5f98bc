import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordResultSchema,
  forgotPasswordSchema,
  googleLoginSchema,
  loginSchema,
  registerResultSchema,
  registerSchema,
  resendRegistrationSchema,
  resetOtpResultSchema,
  resetPasswordSchema,
  sessionDataSchema,
  signOutSchema,
  verifiedUserSchema,
  verifyAccountSchema,
  verifyRegisterOtpSchema,
  verifyResetOtpSchema,
  type SessionData,
} from '../../../contract/auth';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { clientKey } from '../../http/client-address';
import { requestLocale } from '../../http/locale';
import { answers, noData, ok } from '../../http/reply';
import {
  forgotPassword,
  googleSignIn,
  refreshSession,
  register,
  resendRegistration,
  resetPassword,
  signIn,
  signOut,
  verifyAccount,
  verifyRegisterOtp,
  verifyResetOtp,
  type SignedIn,
} from './service';
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_TTL_SECONDS } from './devices';
import { REFRESH_TOKEN_TTL_SECONDS } from './sessions';

export const REFRESH_COOKIE = 'refreshToken';

/** The refresh cookie reaches only the account routes, never scripts, and never a cross-site request. */
function refreshCookieOptions(config: Config) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: '/api/user',
    secure: config.publicUrl.startsWith('https://'),
  };
}

const tags = ['accounts'];

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const cookieOptions = refreshCookieOptions(ctx.config);
  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions, maxAge: REFRESH_TOKEN_TTL_SECONDS });
  const startSession = (reply: FastifyReply, signedIn: SignedIn): SessionData => {
    setRefreshCookie(reply, signedIn.refreshToken);
    // Outlives sign-out: the device stays known to the accounts signed in on it (docs/security.md).
    reply.setCookie(KNOWN_DEVICE_COOKIE, signedIn.deviceToken, { ...cookieOptions, maxAge: KNOWN_DEVICE_TTL_SECONDS });
    return signedIn.session;
  };
  const deviceOf = (request: FastifyRequest) => ({ locale: requestLocale(request), deviceToken: request.cookies[KNOWN_DEVICE_COOKIE] });

  /** Guessable inputs (passwords, 4-digit codes) and message-sending calls are limited per client address. */
  const limited = { ignoreBearer: true, rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } };
  const open = { ignoreBearer: true };

  return async (app) => {
    app.post(
      '/register',
      {
        config: limited,
        schema: { tags, summary: 'Register with an email or a phone number', body: registerSchema, response: answers(registerResultSchema, [201]) },
      },
      async (request, reply) => {
        const result = await register(ctx, request.body, clientKey(request.ip), requestLocale(request));
        reply.status(201);
        return ok(result, result.method === 'email' ? 'Go to your email to verify your account' : 'We sent a 4-digit code to your phone');
      },
    );

    app.post(
      '/resend-registration',
      {
        config: limited,
        schema: {
          tags,
          summary: "Send a registration's link or code again; answers the registration's new token",
          body: resendRegistrationSchema,
          response: answers(registerResultSchema),
        },
      },
      async (request) => {
        const result = await resendRegistration(ctx, request.body, clientKey(request.ip), requestLocale(request));
        return ok(result, result.method === 'email' ? 'We sent a new link to your email' : 'We sent a new code to your phone');
      },
    );

    app.post(
      '/verify-account',
      {
        config: limited,
        schema: {
          tags,
          summary: "Verify an email registration with the link's token and the password chosen with it",
          body: verifyAccountSchema,
          response: answers(verifiedUserSchema),
        },
      },
      async (request) => ok({ user: await verifyAccount(ctx.db, request.body, requestLocale(request)) }, 'Account verified successfully'),
    );

    app.post(
      '/verify-otp',
      {
        config: limited,
        schema: { tags, summary: 'Verify a phone registration with the SMS code', body: verifyRegisterOtpSchema, response: answers(verifiedUserSchema) },
      },
      async (request) => ok({ user: await verifyRegisterOtp(ctx, request.body, requestLocale(request)) }, 'Account verified successfully'),
    );

    app.post(
      '/signin',
      {
        config: limited,
        schema: { tags, summary: 'Sign in with email or phone and password; sets the refresh cookie', body: loginSchema, response: answers(sessionDataSchema) },
      },
      async (request, reply) => ok(startSession(reply, await signIn(ctx, request.body, deviceOf(request))), 'Login successful'),
    );

    app.post(
      '/google-login',
      {
        config: limited,
        schema: { tags, summary: 'Sign in with a Google ID token; sets the refresh cookie', body: googleLoginSchema, response: answers(sessionDataSchema) },
      },
      async (request, reply) => ok(startSession(reply, await googleSignIn(ctx, request.body.authCode, deviceOf(request))), 'Google authentication successful!'),
    );

    app.post(
      '/refresh-token',
      {
        config: open,
        schema: { tags, summary: 'A new access token for the refresh cookie, which is rotated', response: answers(z.string()) },
      },
      async (request, reply) => {
        const { accessToken, refreshToken } = await refreshSession(ctx, request.cookies[REFRESH_COOKIE]);
        setRefreshCookie(reply, refreshToken);
        return ok(accessToken, 'Token refreshed');
      },
    );

    app.post(
      '/logout',
      {
        config: open,
        schema: {
          tags,
          summary: "Sign out: revokes the refresh cookie's session, and stops the named push endpoint's notifications",
          body: signOutSchema,
          response: answers(noData),
        },
      },
      async (request, reply) => {
        await signOut(ctx.db, request.cookies[REFRESH_COOKIE], request.body?.pushEndpoint);
        reply.clearCookie(REFRESH_COOKIE, cookieOptions);
        return ok(null, 'Logged out successfully');
      },
    );

    app.post(
      '/forgot-password',
      {
        config: limited,
        schema: {
          tags,
          summary: 'Send a password reset code to an email or phone; answers the token that goes back with the code',
          body: forgotPasswordSchema,
          response: answers(forgotPasswordResultSchema),
        },
      },
      async (request) =>
        ok(
          await forgotPassword(ctx, request.body.identifier, clientKey(request.ip), requestLocale(request), request.cookies[KNOWN_DEVICE_COOKIE]),
          'If an account exists for this email or phone, an OTP has been sent to it',
        ),
    );

    app.post(
      '/verify-reset-otp',
      {
        config: limited,
        schema: { tags, summary: 'Exchange a reset code for a one-time reset token', body: verifyResetOtpSchema, response: answers(resetOtpResultSchema) },
      },
      async (request) => ok(await verifyResetOtp(ctx, request.body, requestLocale(request)), 'OTP verified'),
    );

    app.post(
      '/reset-password',
      { config: limited, schema: { tags, summary: 'Set a new password with a reset token', body: resetPasswordSchema, response: answers(noData) } },
      async (request) => {
        await resetPassword(ctx.db, request.body);
        return ok(null, 'Password reset successful');
      },
    );
  };
}
