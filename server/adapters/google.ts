import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

/** What haat needs from a verified Google ID token. */
export type GoogleIdentity = { sub: string; email: string | null; emailVerified: boolean; name: string; picture: string | null };
export type GoogleVerifier = { verify(idToken: string): Promise<GoogleIdentity> };

const GOOGLE_KEYS_URL = new URL('https://www.googleapis.com/oauth2/v3/certs');
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/**
 * Verifies Google Identity Services ID tokens: signature against Google's published keys (or `keys`, which tests
 * replace with their own), issuer, audience = our client id, and expiry.
 */
export function googleVerifier(clientId: string | undefined, keys?: JWTVerifyGetKey): GoogleVerifier {
  if (!clientId) {
    return { verify: () => Promise.reject(new Error('Google sign-in is not configured: GOOGLE_CLIENT_ID is unset')) };
  }
  const keySet = keys ?? createRemoteJWKSet(GOOGLE_KEYS_URL);
  return {
    async verify(idToken) {
      const { payload } = await jwtVerify(idToken, keySet, { issuer: GOOGLE_ISSUERS, audience: clientId, algorithms: ['RS256'] });
      if (typeof payload.sub !== 'string' || payload.sub === '') throw new Error('Google ID token without a subject');
      const email = typeof payload.email === 'string' && payload.email !== '' ? payload.email : null;
      const name = typeof payload.name === 'string' ? payload.name.trim() : '';
      return {
        sub: payload.sub,
        email,
        // Older tokens carry the flag as the string "true".
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        name: name || email?.split('@')[0] || 'Google user',
        picture: typeof payload.picture === 'string' && payload.picture !== '' ? payload.picture : null,
      };
    },
  };
}
