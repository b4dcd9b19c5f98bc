/** Navigation after a successful sign-in waits 5 ms, so the session store reaches its subscribers first. */
export const LOGIN_NAVIGATION_DELAY_MS = 5;
/** The verified screen stays this long before going to /login. */
export const VERIFIED_REDIRECT_DELAY_MS = 3000;
/**
 * Every sign-in outcome (password or Google) is toasted under one id: the next outcome replaces the last one on
 * screen, so a retry's error does not pile up on the last and a success takes an earlier error away.
 */
export const SIGN_IN_TOAST = { id: 'sign-in' };
