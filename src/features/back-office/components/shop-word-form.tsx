import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ShopWord, ShopWordInput } from '@contract/shop-words';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { useMessages } from '@/i18n/react';
import { useValidationMessage } from '@/i18n/validation';
import { notify } from '@/lib/notify';
import { backOfficeCatalogueText } from '@/messages/back-office-catalogue';
import { useAdminWrite } from '../api';
import { serverErrors } from '../lib/server-errors';
import { shopWordKeys } from '../lib/shop-word-api';
import { shopWordFormDefaults, shopWordResolver, shownWords, wordsRefusal, type ShopWordFormValues } from '../lib/shop-word-form';
import { OfflineWriteMessage, useWriteGuard } from './offline-write-guard';

type SaveVariables = { id?: string; body: ShopWordInput };

type ShopWordFormProps = {
  /** The entry being changed; none for a new one. */
  entry?: ShopWord;
  /** After a successful save. */
  onDone: () => void;
};

/**
 * An entry's words, checked with the server's own rule before sending. A refusal of the server shows on the input,
 * and what was typed stays to correct.
 */
export function ShopWordForm({ entry, onDone }: ShopWordFormProps) {
  const text = useMessages(backOfficeCatalogueText);
  const localize = useValidationMessage();
  const { register, handleSubmit, setError, formState } = useForm<ShopWordFormValues, unknown, ShopWordInput>({
    resolver: shopWordResolver,
    defaultValues: shopWordFormDefaults(entry),
  });
  const [formError, setFormError] = useState<string>();
  const { guard, refused } = useWriteGuard();
  const save = useAdminWrite(
    ({ id, body }: SaveVariables) =>
      id ? { path: `/shop-words/${encodeURIComponent(id)}`, method: 'PUT', body } : { path: '/shop-words', method: 'POST', body },
    () => [shopWordKeys.all],
  );

  const submit = handleSubmit((valid) => {
    if (entry && valid.words.join('\n') === entry.words.join('\n')) {
      notify.success(text.searchWordsUnchanged);
      onDone();
      return;
    }
    guard(() => {
      setFormError(undefined);
      save.mutate(
        { id: entry?._id, body: valid },
        {
          onSuccess: () => {
            notify.success((entry ? text.searchWordsSaved : text.searchWordsAdded)(shownWords(valid.words)));
            onDone();
          },
          onError: (error) => {
            const { fields, form } = serverErrors(error, text.searchWordsSaveFailed);
            const refusal = wordsRefusal(fields);
            if (refusal) setError('words', { message: refusal }, { shouldFocus: true });
            setFormError(refusal ? undefined : (form ?? text.searchWordsSaveFailed));
          },
        },
      );
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <TextField
        label={text.wordsField}
        hint={text.wordsFieldHint}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        error={localize(formState.errors.words?.message)}
        {...register('words')}
      />
      <OfflineWriteMessage message={refused} />
      {formError && <Alert>{localize(formError)}</Alert>}
      <Button type="submit" busy={save.isPending} className="self-start">
        {entry ? text.saveSearchWords : text.addSearchWords}
      </Button>
    </form>
  );
}
