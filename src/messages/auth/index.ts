import { defineMessages } from '@/i18n/messages';

export const authText = await defineMessages('auth', { en: () => import('./en'), bn: () => import('./bn') });
