import { defineMessages } from '@/i18n/messages';

export const backOfficePeopleText = await defineMessages('back-office-people', { en: () => import('./en'), bn: () => import('./bn') });
