import { describe, expect, it, vi } from 'vitest';
import { requestPersistentStorage } from './persistent-storage';

function stubStorage(persisted: boolean, granted: boolean) {
  const storage = { persisted: vi.fn(async () => persisted), persist: vi.fn(async () => granted) };
  vi.stubGlobal('navigator', { ...navigator, storage });
  return storage;
}

describe('requestPersistentStorage', () => {
  it('asks the browser when storage is not yet persistent, and reports its answer', async () => {
    const storage = stubStorage(false, true);
    await expect(requestPersistentStorage()).resolves.toBe(true);
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask again once storage is persistent', async () => {
    const storage = stubStorage(true, false);
    await expect(requestPersistentStorage()).resolves.toBe(true);
    expect(storage.persist).not.toHaveBeenCalled();
  });

  it('answers false where the browser has no storage manager', async () => {
    vi.stubGlobal('navigator', { ...navigator, storage: undefined });
    await expect(requestPersistentStorage()).resolves.toBe(false);
  });
});
