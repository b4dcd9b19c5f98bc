import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { bannerCreateSchema, type Banner, type Category } from '@contract/catalogue';
import { toAsciiDigits } from '@contract/locale';
import { BannerSlide } from '@/components/banner-slide';
import { Button } from '@/components/button';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { useMessages } from '@/i18n/react';
import { useValidationMessage } from '@/i18n/validation';
import { backOfficeCatalogueText } from '@/messages/back-office-catalogue';
import { useImageFormSend } from '../lib/use-image-form-send';
import { ImageField } from './image-field';
import { StorefrontPreview } from './storefront-previews';
import { WriteProblem } from './offline-write-guard';

/** The banner's fields as the form holds them: the offer as typed, the category by id ('' for all products). */
const bannerFormSchema = z.object({
  bannerOffer: bannerCreateSchema.shape.bannerOffer,
  bannerCategory: z.string(),
});
type BannerFormInput = z.input<typeof bannerFormSchema>;
export type BannerFormValues = z.output<typeof bannerFormSchema> & {
  file: File | null;
};

type BannerFormProps = {
  categories: readonly Category[];
  /** The banner being changed; none for a new one. */
  current?: Banner;
  submitLabel: string;
  onSubmit: (values: BannerFormValues) => Promise<unknown>;
  onDone?: () => void;
};

/** A banner's image, offer and category, with the banner drawn live as the home page shows it. */
export function BannerForm({ categories, current, submitLabel, onSubmit, onDone }: BannerFormProps) {
  const text = useMessages(backOfficeCatalogueText);
  const localize = useValidationMessage();
  const { register, handleSubmit, setError, reset, control, formState } = useForm<BannerFormInput, unknown, z.output<typeof bannerFormSchema>>({
    resolver: zodResolver(bannerFormSchema),
    defaultValues: {
      bannerOffer: String(current?.bannerOffer ?? 0),
      bannerCategory: current?.bannerCategory?._id ?? '',
    },
  });
  const { file, chosenUrl, chooseFile, imageError, setImageError, formError, sending, refused, send } = useImageFormSend();

  const offer = Number(toAsciiDigits(String(useWatch({ control, name: 'bannerOffer' }) ?? '')));
  const categoryId = useWatch({ control, name: 'bannerCategory' });
  const category = categories.find((item) => item._id === categoryId);
  const image = chosenUrl ?? current?.bannerImage;
  const shown: Omit<Banner, 'position'> = {
    _id: current?._id ?? 'preview',
    bannerImage: image ?? '',
    bannerOffer: Number.isInteger(offer) && offer >= 0 && offer <= 100 ? offer : 0,
    bannerCategory: category ? { _id: category._id, categoryName: category.categoryName, categoryNameBn: category.categoryNameBn } : null,
  };

  const submit = handleSubmit((values) => {
    if (!current && !file) {
      setImageError(text.bannerImageRequired);
      return;
    }
    send({
      run: (chosen) => onSubmit({ ...values, file: chosen }),
      failure: text.bannerSaveFailed,
      imageField: 'bannerImage',
      onFieldErrors: (fields) => {
        if (fields.bannerOffer) setError('bannerOffer', { message: fields.bannerOffer });
        if (fields.bannerCategory) setError('bannerCategory', { message: fields.bannerCategory });
      },
      onSaved: () => {
        if (!current) reset();
        onDone?.();
      },
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <ImageField
        label={text.bannerImage}
        hint={text.bannerImageHint}
        file={file}
        onChange={chooseFile}
        currentUrl={current?.bannerImage}
        error={localize(imageError)}
        previewClassName="aspect-[3/1] w-36"
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={text.offerPercent} inputMode="numeric" error={localize(formState.errors.bannerOffer?.message)} {...register('bannerOffer')} />
        <SelectField
          label={text.category}
          placeholder={text.allProducts}
          options={categories.map((item) => ({
            value: item._id,
            label: item.categoryName,
          }))}
          error={localize(formState.errors.bannerCategory?.message)}
          {...register('bannerCategory')}
        />
      </div>
      <StorefrontPreview>
        {image ? (
          <BannerSlide banner={shown} first />
        ) : (
          <p className="flex aspect-[3/1] w-full items-center justify-center rounded-lg bg-gray-200 text-sm text-gray-700">{text.chooseBannerImage}</p>
        )}
      </StorefrontPreview>
      <WriteProblem refused={refused} error={localize(formError)} />
      <Button type="submit" busy={sending} className="self-start">
        {submitLabel}
      </Button>
    </form>
  );
}
