import { defineMessages } from '@/i18n/messages';

export const errorsText = await defineMessages('errors', { en: () => import('./en'), bn: () => import('./bn') });
