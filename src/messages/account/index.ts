import { defineMessages } from '@/i18n/messages';

export const accountText = await defineMessages('account', { en: () => import('./en'), bn: () => import('./bn') });
