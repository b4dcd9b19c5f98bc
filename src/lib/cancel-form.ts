import { CANCEL_NOTE_MAX, CANCEL_NOTE_NEEDED, CANCEL_NOTE_TOO_LONG, CANCEL_REASON_UNKNOWN } from '@contract/orders';
import { CONTROL_MESSAGE, hasNoControls, hasNoNul, isOneLine, LINE_MESSAGE, NUL_MESSAGE } from '@contract/text';

export type CancelFormErrors = { reason?: string; note?: string };
export type CancelFormValues<Code extends string> = { reason: Code; note?: string };

/**
 * The cancel form's own check, by the rules the server keeps: a reason from `codes`, words on one line within
 * CANCEL_NOTE_MAX characters, and words with `other`. Answers the values to send (the words trimmed, left out when
 * blank) or each field's message.
 */
export function validateCancel<Code extends string>(
  codes: readonly Code[],
  input: { reason: string; note: string },
): { ok: true; values: CancelFormValues<Code> } | { ok: false; errors: CancelFormErrors } {
  const errors: CancelFormErrors = {};
  const note = input.note.trim();
  const reason = codes.find((code) => code === input.reason);
  if (!reason) errors.reason = CANCEL_REASON_UNKNOWN;
  if (note.length > CANCEL_NOTE_MAX) errors.note = CANCEL_NOTE_TOO_LONG;
  else if (!hasNoNul(note)) errors.note = NUL_MESSAGE;
  else if (!hasNoControls(note)) errors.note = CONTROL_MESSAGE;
  else if (!isOneLine(note)) errors.note = LINE_MESSAGE;
  else if (reason === 'other' && !note) errors.note = CANCEL_NOTE_NEEDED;
  if (!reason || errors.note) return { ok: false, errors };
  return { ok: true, values: note ? { reason, note } : { reason } };
}
