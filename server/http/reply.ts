import type { ApiSuccess } from '../../contract/envelope';

export function ok<T>(data: T, message = 'OK'): ApiSuccess<T> {
  return { success: true, message, data };
}
