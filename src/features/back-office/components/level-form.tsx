import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/button';
import { CategoryTile } from '@/components/category-tile';
import { TextField } from '@/components/text-field';
import { useMessages } from '@/i18n/react';
import { useValidationMessage } from '@/i18n/validation';
import { backOfficeCatalogueText } from '@/messages/back-office-catalogue';
import type { CatalogueLevel } from '../lib/catalogue-levels';
import { useImageFormSend } from '../lib/use-image-form-send';
import { ImageField } from './image-field';
import { WriteProblem } from './offline-write-guard';
import { StorefrontPreview } from './storefront-previews';

export type LevelFormValues = { name: string; nameBn: string; file: File | null };

type LevelFormProps = {
  level: CatalogueLevel;
  /** The item being changed; none for a new one. */
  current?: { name: string; nameBn: string | null; image: string | null };
  submitLabel: string;
  /** Sends the form; rejects with the API's error, whose messages the form shows. */
  onSubmit: (values: LevelFormValues) => Promise<unknown>;
  /** After a successful send. */
  onDone?: () => void;
};

/**
 * A category's (or sub-, sub-sub-category's) name and image, with a live preview of how the shop shows it. The name is
 * checked by the server's own rule before sending; the server's messages show beside the field they concern.
 */
export function LevelForm({ level, current, submitLabel, onSubmit, onDone }: LevelFormProps) {
  const text = useMessages(backOfficeCatalogueText);
  const localize = useValidationMessage();
  const schema = z.object({ name: level.nameSchema, nameBn: level.nameBnSchema });
  const { register, handleSubmit, setError, reset, control, formState } = useForm<{ name: string; nameBn: string }, unknown, z.output<typeof schema>>({
    // The Bangla name's rule reads any value (an absent one is no name): the form always gives it text.
    resolver: zodResolver(schema) as unknown as Resolver<{ name: string; nameBn: string }, unknown, z.output<typeof schema>>,
    defaultValues: { name: current?.name ?? '', nameBn: current?.nameBn ?? '' },
  });
  const { file, chosenUrl, chooseFile, imageError, setImageError, formError, sending, refused, send } = useImageFormSend();
  const name = useWatch({ control, name: 'name' });

  const submit = handleSubmit(({ name, nameBn = '' }) => {
    if (level.imageRequired && !current && !file) {
      setImageError(text.categoryImageRequired);
      return;
    }
    send({
      run: (chosen) => onSubmit({ name, nameBn, file: chosen }),
      failure: text.levelSaveFailed(text[level.noun]),
      imageField: level.imageField,
      onFieldErrors: (fields) => {
        if (fields[level.nameField]) setError('name', { message: fields[level.nameField] });
        if (fields[level.nameBnField]) setError('nameBn', { message: fields[level.nameBnField] });
      },
      onSaved: () => {
        reset(current ? { name, nameBn } : { name: '', nameBn: '' });
        onDone?.();
      },
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <TextField label={text[level.nameLabel]} error={localize(formState.errors.name?.message)} {...register('name')} />
          <TextField label={text.nameBn} lang="bn" error={localize(formState.errors.nameBn?.message)} {...register('nameBn')} />
          <ImageField label={text[level.imageLabel]} file={file} onChange={chooseFile} currentUrl={current?.image} error={localize(imageError)} />
        </div>
        <StorefrontPreview className="w-24">
          <CategoryTile name={name || text.namePlaceholder} image={chosenUrl ?? current?.image ?? undefined} eager />
        </StorefrontPreview>
      </div>
      <WriteProblem refused={refused} error={localize(formError)} />
      <Button type="submit" busy={sending} className="self-start">
        {submitLabel}
      </Button>
    </form>
  );
}
