import { useEffect, useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { toAsciiDigits, toLocaleDigits } from '@contract/locale';
import { useLocale, useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';

/** The digits of a text, as ASCII; Bangla digits (০–৯) count too, since many shoppers type on a Bangla keyboard. */
export function digitsOf(text: string): string {
  return toAsciiDigits(text).replace(/\D/g, '');
}

type OtpInputProps = {
  /** One entry per box, '' for an empty box. */
  value: string[];
  onChange: (next: string[]) => void;
  label: string;
  invalid?: boolean;
  describedBy?: string;
  focusOnMount?: boolean;
};

/** A code split over one box per digit: typing moves on, Backspace in an empty box moves back, a pasted code fills the boxes. */
export function OtpInput({ value, onChange, label, invalid, describedBy, focusOnMount }: OtpInputProps) {
  const labelId = useId();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const text = useMessages(authText);
  const locale = useLocale();
  const length = value.length;

  useEffect(() => {
    if (focusOnMount) boxes.current[0]?.focus();
  }, [focusOnMount]);

  function focusBox(index: number) {
    const box = boxes.current[index];
    box?.focus();
    box?.select();
  }

  function setDigit(index: number, digit: string) {
    onChange(value.map((d, i) => (i === index ? digit : d)));
  }

  /** A whole code (paste, SMS autofill) starts at the first box; a shorter run starts at the box it was put in. */
  function fill(from: number, digits: string) {
    const start = digits.length >= length ? 0 : from;
    const run = digits.slice(0, length - start);
    onChange(value.map((d, i) => (i >= start && i < start + run.length ? run[i - start]! : d)));
    focusBox(Math.min(start + run.length, length - 1));
  }

  function handleChange(index: number, raw: string) {
    if (raw === '') {
      setDigit(index, '');
      return;
    }
    const digits = digitsOf(raw);
    // Typing into a filled box adds to its digit: keep the one just typed.
    const typed = value[index] && digits.length === 2 ? digits.replace(value[index], '') : digits;
    if (typed.length === 1) {
      setDigit(index, typed);
      if (index < length - 1) focusBox(index + 1);
    } else if (typed.length > 1) {
      fill(index, typed);
    }
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && value[index] === '' && index > 0) {
      event.preventDefault();
      setDigit(index - 1, '');
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const digits = digitsOf(event.clipboardData.getData('text'));
    if (digits) fill(index, digits);
  }

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={describedBy}>
      <p id={labelId} className="mb-2 text-sm font-medium text-gray-800">
        {label}
      </p>
      <div className="flex justify-center gap-3">
        {value.map((digit, index) => (
          <input
            // The boxes are a fixed row: position is their identity.
            key={index}
            ref={(el) => {
              boxes.current[index] = el;
            }}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={text.digitOf(toLocaleDigits(String(index + 1), locale), toLocaleDigits(String(length), locale))}
            aria-invalid={invalid ? true : undefined}
            value={toLocaleDigits(digit, locale)}
            onChange={(event) => handleChange(index, event.target.value)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={(event) => handlePaste(index, event)}
            onFocus={(event) => event.target.select()}
            className="size-14 rounded-lg border border-gray-500 bg-white text-center text-2xl font-semibold text-gray-900 focus:border-brand-700 focus:outline-2 focus:outline-offset-0 focus:outline-brand-700 aria-invalid:border-red-700"
          />
        ))}
      </div>
    </div>
  );
}
