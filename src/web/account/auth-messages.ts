import type { TFunction } from 'i18next';
import type { AuthClientError } from './auth-client';

/** better-auth's own message for a code, in the chosen language when we know the code. */
const detail = (t: TFunction, error: AuthClientError): string => {
  // Rate limits carry the app's codes (TOO_MANY_SIGN_INS, RATE_LIMITED), translated as errors.
  if (error.status === 429)
    return error.code
      ? t(`errors.${error.code}`, { defaultValue: t('errors.RATE_LIMITED') })
      : t('errors.RATE_LIMITED');
  const key = error.code ? `auth.codes.${error.code}` : null;
  const translated = key ? t(key, { defaultValue: '' }) : '';
  return translated || error.message || t('auth.unknownError');
};

/** Specification §8: sign-in errors. */
export const loginErrorMessage = (t: TFunction, error: AuthClientError): string => {
  if (error.code === 'INVALID_EMAIL_OR_PASSWORD') return t('auth.errors.invalidCredentials');
  if (error.code === 'EMAIL_NOT_VERIFIED' || error.status === 403) {
    return t('auth.errors.emailNotConfirmed');
  }
  return t('auth.errors.loginFailed', { message: detail(t, error) });
};

/** Specification §8: sign-up errors. */
export const signupErrorMessage = (t: TFunction, error: AuthClientError): string => {
  if (error.code?.startsWith('USER_ALREADY_EXISTS')) return t('auth.errors.alreadyRegistered');
  return t('auth.errors.signupFailed', { message: detail(t, error) });
};

export const unexpectedErrorMessage = (t: TFunction, error: unknown): string =>
  t('auth.errors.unexpected', {
    message: error instanceof Error && error.message ? error.message : t('auth.unknownError'),
  });

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const looksLikeEmail = (value: string): boolean => emailPattern.test(value);

export const minPasswordLength = 8;
