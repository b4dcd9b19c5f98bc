/** What haat needs from a verified Google ID token. */
export type GoogleIdentity = { sub: string; email: string | null; emailVerified: boolean; name: string; picture: string | null };
export type GoogleVerifier = { verify(idToken: string): Promise<GoogleIdentity> };
