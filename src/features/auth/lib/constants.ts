/** Navigation after a successful sign-in waits 5 ms, so the session store reaches its subscribers first. */
export const LOGIN_NAVIGATION_DELAY_MS = 5;
/** The verified screen stays this long before going to /login. */
export const VERIFIED_REDIRECT_DELAY_MS = 3000;
