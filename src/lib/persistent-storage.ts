/**
 * Asks the browser to keep this site's storage (cart, saved pages, queued actions) when the device
 * runs short of space. Asked once a shopper has shown they mean to come back: after an order or an install.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (!navigator.storage?.persist) return false;
  try {
    return (await navigator.storage.persisted()) || (await navigator.storage.persist());
  } catch {
    return false;
  }
}
