import { defineMessages } from '@/i18n/messages';

export const validationText = await defineMessages('validation', { en: () => import('./en'), bn: () => import('./bn') });
// Messages arrive in English and are known by their English text, so that table is needed in every language.
if (!import.meta.env.SSR) await validationText.load('en');
