import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  forgotPasswordSchema,
  googleLoginSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyAccountSchema,
  verifyRegisterOtpSchema,
  verifyResetOtpSchema,
  type SessionData,
} from '../../../contract/auth';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import { parse } from '../../http/validate';
import {
  forgotPassword,
  googleSignIn,
  refreshSession,
  register,
  resetPassword,
  signIn,
  signOut,
  verifyAccount,
  verifyRegisterOtp,
  verifyResetOtp,
  type SignedIn,
} from './service';
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

export function authRoutes(ctx: AppContext): FastifyPluginAsync {
  const cookieOptions = refreshCookieOptions(ctx.config);
  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions, maxAge: REFRESH_TOKEN_TTL_SECONDS });
  const startSession = (reply: FastifyReply, signedIn: SignedIn): SessionData => {
    setRefreshCookie(reply, signedIn.refreshToken);
    return signedIn.session;
  };

  /** Guessable inputs (passwords, 4-digit codes) and message-sending calls are limited per client address. */
  const limited = { ignoreBearer: true, rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } };
  const open = { ignoreBearer: true };

  return async (app) => {
    app.post('/register', { config: limited }, async (request, reply) => {
      const result = await register(ctx, parse(registerSchema, request.body), request.ip);
      reply.status(201);
      return ok(
        result,
        result.method === 'email' ? 'Go to your email to verify your account' : 'We sent a 4-digit code to your phone',
      );
    });

    app.post('/verify-account', { config: limited }, async (request) => {
      return ok({ user: await verifyAccount(ctx.db, parse(verifyAccountSchema, request.body)) }, 'Account verified successfully');
    });

    app.post('/verify-otp', { config: limited }, async (request) => {
      const user = await verifyRegisterOtp(ctx, parse(verifyRegisterOtpSchema, request.body));
      return ok({ user }, 'Account verified successfully');
    });

    app.post('/signin', { config: limited }, async (request, reply) => {
      const signedIn = await signIn(ctx, parse(loginSchema, request.body));
      return ok(startSession(reply, signedIn), 'Login successful');
    });

    app.post('/google-login', { config: limited }, async (request, reply) => {
      const { authCode } = parse(googleLoginSchema, request.body);
      return ok(startSession(reply, await googleSignIn(ctx, authCode)), 'Google authentication successful!');
    });

    app.post('/refresh-token', { config: open }, async (request, reply) => {
      const { accessToken, refreshToken } = await refreshSession(ctx, request.cookies[REFRESH_COOKIE]);
      setRefreshCookie(reply, refreshToken);
      return ok(accessToken, 'Token refreshed');
    });

    app.post('/logout', { config: open }, async (request, reply) => {
      await signOut(ctx.db, request.cookies[REFRESH_COOKIE]);
      reply.clearCookie(REFRESH_COOKIE, cookieOptions);
      return ok(null, 'Logged out successfully');
    });

    app.post('/forgot-password', { config: limited }, async (request) => {
      const { identifier } = parse(forgotPasswordSchema, request.body);
      const result = await forgotPassword(ctx, identifier, request.ip);
      return ok(result, 'If an account exists for this email or phone, an OTP has been sent to it');
    });

    app.post('/verify-reset-otp', { config: limited }, async (request) => {
      const result = await verifyResetOtp(ctx, parse(verifyResetOtpSchema, request.body));
      return ok(result, 'OTP verified');
    });

    app.post('/reset-password', { config: limited }, async (request) => {
      await resetPassword(ctx.db, parse(resetPasswordSchema, request.body));
      return ok(null, 'Password reset successful');
    });
  };
}
