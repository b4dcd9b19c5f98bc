import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { logoCreateSchema, type Logo } from '@contract/catalogue';
import { Button } from '@/components/button';
import { Logo as StorefrontLogo } from '@/components/logo';
import { TextField } from '@/components/text-field';
import { useMessages } from '@/i18n/react';
import { useValidationMessage } from '@/i18n/validation';
import { backOfficeCatalogueText } from '@/messages/back-office-catalogue';
import { useImageFormSend } from '../lib/use-image-form-send';
import { ImageField } from './image-field';
import { WriteProblem } from './offline-write-guard';
import { StorefrontPreview } from './storefront-previews';

const logoFormSchema = z.object({ alt: logoCreateSchema.shape.alt });
type LogoFormInput = z.input<typeof logoFormSchema>;

type LogoFormProps = {
  current: Logo | null;
  onSubmit: (values: { alt: string; file: File }) => Promise<unknown>;
};

/** A new logo and its text alternative, shown live in the shop's navigation bar. */
export function LogoForm({ current, onSubmit }: LogoFormProps) {
  const text = useMessages(backOfficeCatalogueText);
  const localize = useValidationMessage();
  const { register, handleSubmit, setError, formState } = useForm<LogoFormInput, unknown, z.output<typeof logoFormSchema>>({
    resolver: zodResolver(logoFormSchema),
    defaultValues: { alt: current?.alt ?? 'haat' },
  });
  const { file, chosenUrl, chooseFile, imageError, setImageError, formError, sending, refused, send } = useImageFormSend();
  const shown: Logo | null = chosenUrl ? { _id: 'preview', url: chosenUrl, alt: text.logoPreview } : current;

  const submit = handleSubmit(({ alt }) => {
    if (!file) {
      setImageError(text.logoImageRequired);
      return;
    }
    send({
      run: () => onSubmit({ alt, file }),
      failure: text.logoSaveFailed,
      imageField: 'url',
      onFieldErrors: (fields) => {
        if (fields.alt) setError('alt', { message: fields.alt });
      },
      onSaved: () => {},
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <StorefrontPreview label={text.logoPreviewInShop} className="flex min-h-14 items-center rounded-md border-b border-gray-200 bg-white px-3">
        <StorefrontLogo logo={shown} />
      </StorefrontPreview>
      <ImageField label={text.newLogo} hint={text.logoHint} file={file} onChange={chooseFile} error={localize(imageError)} previewClassName="h-12 w-32" />
      <TextField label={text.textAlternative} hint={text.textAlternativeHint} error={localize(formState.errors.alt?.message)} {...register('alt')} />
      <WriteProblem refused={refused} error={localize(formError)} />
      <Button type="submit" busy={sending} className="self-start">
        {text.saveLogo}
      </Button>
    </form>
  );
}
