import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { logoCreateSchema, type Logo } from '@contract/catalogue';
import { Button } from '@/components/button';
import { Logo as StorefrontLogo } from '@/components/logo';
import { TextField } from '@/components/text-field';
import { serverErrors } from '../lib/server-errors';
import { ImageField, useObjectUrl } from './image-field';
import { useWriteGuard, WriteProblem } from './offline-write-guard';
import { StorefrontPreview } from './storefront-previews';

const logoFormSchema = z.object({ alt: logoCreateSchema.shape.alt });
type LogoFormInput = z.input<typeof logoFormSchema>;

type LogoFormProps = {
  current: Logo | null;
  onSubmit: (values: { alt: string; file: File }) => Promise<unknown>;
};

/** A new logo and its text alternative, shown live in the shop's navigation bar. */
export function LogoForm({ current, onSubmit }: LogoFormProps) {
  const { register, handleSubmit, setError, formState } = useForm<LogoFormInput, unknown, z.output<typeof logoFormSchema>>({
    resolver: zodResolver(logoFormSchema),
    defaultValues: { alt: current?.alt ?? 'haat' },
  });
  const [file, setFile] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [sending, setSending] = useState(false);
  const { guard, refused } = useWriteGuard();
  const chosenUrl = useObjectUrl(file);
  const shown: Logo | null = chosenUrl ? { _id: 'preview', url: chosenUrl, alt: 'Logo preview' } : current;

  const submit = handleSubmit(({ alt }) => {
    if (!file) {
      setImageError('Logo image is required');
      return;
    }
    guard(() => {
      setSending(true);
      setFormError(undefined);
      onSubmit({ alt, file }).then(
        () => {
          setSending(false);
          setFile(null);
        },
        (error: unknown) => {
          setSending(false);
          const { fields, form } = serverErrors(error, 'The logo could not be saved');
          if (fields.alt) setError('alt', { message: fields.alt });
          setImageError(fields.url);
          setFormError(form);
        },
      );
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <StorefrontPreview label="Logo preview in the shop" className="flex min-h-14 items-center rounded-md border-b border-gray-200 bg-white px-3">
        <StorefrontLogo logo={shown} />
      </StorefrontPreview>
      <ImageField
        label="New logo"
        hint="Shown 32 px high in the shop's bar."
        file={file}
        onChange={(next) => {
          setFile(next);
          setImageError(undefined);
        }}
        error={imageError}
        previewClassName="h-12 w-32"
      />
      <TextField label="Text alternative" hint="Read out instead of the picture, e.g. the shop's name." error={formState.errors.alt?.message} {...register('alt')} />
      <WriteProblem refused={refused} error={formError} />
      <Button type="submit" busy={sending} className="self-start">
        Save logo
      </Button>
    </form>
  );
}
