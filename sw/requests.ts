/**
 * What the service worker may keep: a GET to this origin that carries no token. Anything sent with the shopper's
 * credentials, and every write, goes to the network untouched.
 */
export function isPublicRead(request: Request, origin: string): boolean {
  return request.method === 'GET' && !request.headers.has('Authorization') && new URL(request.url).origin === origin;
}
