/** Spec section 9: navigation after a successful sign-in waits 5 ms (the session store reaches subscribers first). */
export const LOGIN_NAVIGATION_DELAY_MS = 5;
/** Spec section 9: the verified screen stays this long before going to /login. */
export const VERIFIED_REDIRECT_DELAY_MS = 3000;
