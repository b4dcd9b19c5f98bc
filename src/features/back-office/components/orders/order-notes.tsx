import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ORDER_NOTE_MAX, ORDER_NOTES_MAX } from '@contract/back-office-orders';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextArea } from '@/components/text-field';
import { useFormat, useMessages } from '@/i18n/react';
import { notify } from '@/lib/notify';
import { backOfficeOrdersText } from '@/messages/back-office-orders';
import { orderNotesQuery, useAddOrderNote } from '../../lib/orders/order-api';
import { formatDhakaTime } from '../../lib/orders/order-filters';
import { serverErrors } from '../../lib/server-errors';
import { OfflineWriteMessage, useWriteGuard } from '../offline-write-guard';

/** The back office's own notes on an order, newest first, and a form to add one; the customer never sees them. */
export function OrderNotes({ orderId }: { orderId: string }) {
  const text = useMessages(backOfficeOrdersText);
  const format = useFormat();
  const notes = useQuery(orderNotesQuery(orderId));
  const add = useAddOrderNote(orderId);
  const { guard, refused } = useWriteGuard();
  const [body, setBody] = useState('');
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const list = notes.data ?? [];
  const full = list.length >= ORDER_NOTES_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError({});
    guard(() =>
      add.mutate(body, {
        onSuccess: () => {
          setBody('');
          notify.success(text.noteAdded);
        },
        onError: (failure) => {
          const { fields, form } = serverErrors(failure, text.noteFailed);
          setError({ field: fields.body, form: fields.body ? undefined : form });
        },
      }),
    );
  };

  return (
    <section aria-labelledby="order-notes-heading" className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4">
      <div>
        <h2 id="order-notes-heading" className="text-lg font-bold text-gray-900">
          {text.notesTitle}
        </h2>
        <p className="text-sm text-gray-600">{text.notesHelp}</p>
      </div>
      {!full && (
        <form onSubmit={submit} noValidate className="flex flex-col gap-2">
          <TextArea label={text.newNote} value={body} maxLength={ORDER_NOTE_MAX} onChange={(event) => setBody(event.target.value)} error={error.field} />
          <Button type="submit" className="self-start" busy={add.isPending} disabled={!body.trim()}>
            {text.addNote}
          </Button>
        </form>
      )}
      <OfflineWriteMessage message={refused} />
      {error.form && <Alert>{error.form}</Alert>}
      {notes.isError && <Alert>{text.notesFailed}</Alert>}
      {notes.isSuccess && list.length === 0 && <p className="text-gray-700">{text.noNotes}</p>}
      {list.length > 0 && (
        <>
          <p className="text-sm text-gray-600">{text.notesCount(format.count(list.length), format.count(ORDER_NOTES_MAX))}</p>
          <ul aria-label={text.notesTitle} className="flex flex-col gap-3">
            {list.map((note) => (
              <li key={note._id} className="min-w-0 border-l-2 border-gray-200 pl-3">
                <p className="break-words whitespace-pre-line text-gray-900">{note.body}</p>
                <p className="text-sm text-gray-700">
                  <time dateTime={note.createdAt}>{formatDhakaTime(note.createdAt, format.locale)}</time>
                  {note.authorName ? ` · ${text.by(note.authorName)}` : ''}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
