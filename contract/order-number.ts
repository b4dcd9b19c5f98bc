/** The number an order is shown and told by, on the shopper's screens and in their messages: the last 6 characters of its id. */
export function orderNumber(id: string): string {
  return id.slice(-6);
}
