import { useCallback } from 'react';
import { toLocaleDigits, type Locale } from '@contract/locale';
import type english from '@/messages/validation/en';
import { validationText } from '@/messages/validation';
import { currentLocale, textsNow } from './messages';
import { useLocale, useMessages } from './react';

type ValidationTable = typeof english;
type Key = keyof ValidationTable;
type Lookup = { keyOfText: Map<string, Key>; withValue: { key: Key; pattern: RegExp }[] };

/** Where a value stands in a message with one (an amount): the English wording around it finds the key. */
const VALUE = '\u0000';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const lookups = new WeakMap<ValidationTable, Lookup>();
function lookupOf(english: ValidationTable): Lookup {
  let lookup = lookups.get(english);
  if (!lookup) {
    lookup = { keyOfText: new Map(), withValue: [] };
    for (const [key, message] of Object.entries(english) as [Key, ValidationTable[Key]][]) {
      if (typeof message === 'string') lookup.keyOfText.set(message, key);
      // A value holds no ': ', which parts a row's name from its message.
      else lookup.withValue.push({ key, pattern: new RegExp(`^${escape(message(VALUE)).replace(VALUE, '((?:(?!: ).)+)')}$`) });
    }
    lookups.set(english, lookup);
  }
  return lookup;
}

/**
 * A message of the contract's schemas (or of the server's refusals), which arrive in English, in `table`'s language
 * (`locale`), a value in it (an amount) in that language's digits. A message `english` does not hold stays as it is.
 */
export function localizeValidation(message: string, english: ValidationTable, table: ValidationTable, locale: Locale): string {
  return localizedOrNull(message, english, table, locale) ?? message;
}

/**
 * `message` in `table`'s language, or null when `english` does not hold it. A message about one row of a list is the
 * row's name, a colon and the message ("Variant 2: Price must be more than 0"): each half is looked up.
 */
function localizedOrNull(message: string, english: ValidationTable, table: ValidationTable, locale: Locale): string | null {
  const { keyOfText, withValue } = lookupOf(english);
  const key = keyOfText.get(message);
  if (key) return table[key] as string;
  for (const { key, pattern } of withValue) {
    const value = pattern.exec(message)?.[1];
    if (value !== undefined) return (table[key] as (value: string) => string)(toLocaleDigits(value, locale));
  }
  const colon = message.indexOf(': ');
  if (colon < 0) return null;
  const row = localizedOrNull(message.slice(0, colon), english, table, locale);
  const rest = row === null ? null : localizedOrNull(message.slice(colon + 2), english, table, locale);
  return row === null || rest === null ? null : `${row}: ${rest}`;
}

function englishTable(): ValidationTable {
  const english = validationText.get('en');
  // Loaded with the module in the browser; a render on the server waits for it.
  if (!english) throw validationText.load('en');
  return english;
}

/** For forms: the error a zod resolver (or the server) gave a field, in the language on screen. */
export function useValidationMessage(): (message: string | undefined) => string | undefined {
  const table = useMessages(validationText);
  const locale = useLocale();
  const english = englishTable();
  return useCallback(
    (message: string | undefined) => (message === undefined ? undefined : localizeValidation(message, english, table, locale)),
    [english, table, locale],
  );
}

/** For toasts raised outside components: a contract or server message in the language on screen. */
export const validationMessageNow = (message: string): string => localizeValidation(message, englishTable(), textsNow(validationText), currentLocale());
