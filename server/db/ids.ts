import { randomBytes } from 'node:crypto';

/** 24 hex characters: 8 of time (seconds) then 16 random, so ids sort roughly by creation. */
export function newId(): string {
  const time = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return time + randomBytes(8).toString('hex');
}
