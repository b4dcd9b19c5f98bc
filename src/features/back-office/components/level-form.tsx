import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/button';
import { CategoryTile } from '@/components/category-tile';
import { TextField } from '@/components/text-field';
import type { CatalogueLevel } from '../lib/catalogue-levels';
import { useImageFormSend } from '../lib/use-image-form-send';
import { ImageField } from './image-field';
import { WriteProblem } from './offline-write-guard';
import { StorefrontPreview } from './storefront-previews';

export type LevelFormValues = { name: string; file: File | null };

type LevelFormProps = {
  level: CatalogueLevel;
  /** The item being changed; none for a new one. */
  current?: { name: string; image: string | null };
  submitLabel: string;
  /** Sends the form; rejects with the API's error, whose messages the form shows. */
  onSubmit: (values: LevelFormValues) => Promise<unknown>;
  /** After a successful send. */
  onDone?: () => void;
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A category's (or sub-, sub-sub-category's) name and image, with a live preview of how the shop shows it. The name is
 * checked by the server's own rule before sending; the server's messages show beside the field they concern.
 */
export function LevelForm({ level, current, submitLabel, onSubmit, onDone }: LevelFormProps) {
  const schema = z.object({ name: level.nameSchema });
  const { register, handleSubmit, setError, reset, control, formState } = useForm<{ name: string }>({
    resolver: zodResolver(schema),
    defaultValues: { name: current?.name ?? '' },
  });
  const { file, chosenUrl, chooseFile, imageError, setImageError, formError, sending, refused, send } = useImageFormSend();
  const name = useWatch({ control, name: 'name' });
  const noun = capitalise(level.noun);

  const submit = handleSubmit(({ name }) => {
    if (level.imageRequired && !current && !file) {
      setImageError(`${noun} image is required`);
      return;
    }
    send({
      run: (chosen) => onSubmit({ name, file: chosen }),
      failure: `The ${level.noun} could not be saved`,
      imageField: level.imageField,
      onFieldErrors: (fields) => {
        if (fields[level.nameField]) setError('name', { message: fields[level.nameField] });
      },
      onSaved: () => {
        reset({ name: current ? name : '' });
        onDone?.();
      },
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <TextField label={`${noun} name`} error={formState.errors.name?.message} {...register('name')} />
          <ImageField label={`${noun} image`} file={file} onChange={chooseFile} currentUrl={current?.image} error={imageError} />
        </div>
        <StorefrontPreview className="w-24">
          <CategoryTile name={name || 'Name'} image={chosenUrl ?? current?.image ?? undefined} eager />
        </StorefrontPreview>
      </div>
      <WriteProblem refused={refused} error={formError} />
      <Button type="submit" busy={sending} className="self-start">
        {submitLabel}
      </Button>
    </form>
  );
}
