/**
 * What a browser's error message or stack may carry about a person, taken out before it is logged: a message can quote
 * the address it failed on (with its query), the text a shopper typed (an email, a phone number) or a token.
 */
const QUERY_OR_FRAGMENT = /(\bhttps?:\/\/[^\s?#"'<>()]*|\/[^\s?#"'<>()]*)[?#][^\s"'<>()]*/g;
const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[A-Za-z]{2,}/g;
/** JWTs, and long runs of token characters (session tokens, reset links' codes); the app's file names are far shorter. */
const TOKEN = /\beyJ[A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+){1,2}|[A-Za-z0-9_-]{32,}(?:\.[A-Za-z0-9_-]+){0,2}/g;
/** Seven digits or more, with spaces, dashes or a leading + between them: phone numbers, Bangladeshi or not. */
const NUMBER = /\+?\d(?:[\s-]?\d){6,}/g;

export function scrub(text: string): string {
  return text.replace(QUERY_OR_FRAGMENT, '$1').replace(EMAIL, '[email]').replace(TOKEN, '[token]').replace(NUMBER, '[number]');
}
