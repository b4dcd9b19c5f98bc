import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import authEnglish from '@/messages/auth/en';
import { verificationFailureMessage } from './verification';

const { verificationExpired: VERIFICATION_EXPIRED, alreadyVerified: ALREADY_VERIFIED, verificationFailed: VERIFICATION_FAILED } = authEnglish;

describe('verificationFailureMessage', () => {
  it('has the spec texts', () => {
    expect(VERIFICATION_EXPIRED).toBe('Verification link has expired. Please register again.');
    expect(ALREADY_VERIFIED).toBe('Account already verified. Please login.');
    expect(VERIFICATION_FAILED).toBe('Verification failed. Please try again.');
  });

  it.each([
    ['a message containing expired', new ApiError('Verification link expired', 400), VERIFICATION_EXPIRED],
    ['expired in any case', new ApiError('Token has EXPIRED', 400), VERIFICATION_EXPIRED],
    ['expired, even with status 409', new ApiError('Link expired', 409), VERIFICATION_EXPIRED],
    ['status 409', new ApiError('Conflict', 409), ALREADY_VERIFIED],
    ['a message containing already', new ApiError('Account already verified', 400), ALREADY_VERIFIED],
    ['any other server message', new ApiError('Invalid verification token', 400), 'Invalid verification token'],
    ['a server failure without message', new ApiError('Request failed', 500, undefined, false), VERIFICATION_FAILED],
    ['something that is not an API error', new Error('boom'), VERIFICATION_FAILED],
  ])('maps %s', (_case, error, message) => {
    expect(verificationFailureMessage(error)).toBe(message);
  });
});
