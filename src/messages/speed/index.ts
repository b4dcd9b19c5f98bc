import { defineMessages } from '@/i18n/messages';

export const speedText = await defineMessages('speed', { en: () => import('./en'), bn: () => import('./bn') });
