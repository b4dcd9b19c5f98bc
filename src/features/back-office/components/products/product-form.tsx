import { Plus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { Product, ProductCreateInput } from '@contract/catalogue';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { SelectField } from '@/components/select-field';
import { TextArea, TextField } from '@/components/text-field';
import { MAX_PRODUCT_IMAGES } from '@contract/image-limits';
import { useFormat, useMessages } from '@/i18n/react';
import { useValidationMessage } from '@/i18n/validation';
import { ApiError } from '@/lib/api';
import { apiText } from '@/messages/api';
import { backOfficeCatalogueText } from '@/messages/back-office-catalogue';
import { useCategoryNames, useSaveProduct, useSubCategories, useSubSubCategories, type UploadProgress } from '../../lib/products/product-api';
import {
  EMPTY_PRODUCT_FORM,
  formFieldOf,
  imagesProblem,
  productFormResolver,
  productFormValues,
  type ImageItem,
  type ProductFormValues,
} from '../../lib/products/product-form';
import { serverErrors } from '../../lib/server-errors';
import { useWriteGuard, WriteProblem } from '../offline-write-guard';
import { ImageList } from './image-list';
import { VariantsTable } from './variants-table';

type ProductFormProps = {
  /** The product being edited; none to create one. */
  product?: Product;
  onSaved: (product: Product) => void;
  /** The server refused the product (403) or no longer has it (404). */
  onRefused: (status: 403 | 404) => void;
};

const savedImages = (product: Product | undefined): ImageItem[] =>
  (product?.productImages ?? []).map((url) => ({ key: url, name: url.slice(url.lastIndexOf('/') + 1), src: url, url }));

/** Create or edit a product; validated in the browser with the server's schema, with the server's messages shown. */
export function ProductForm({ product, onSaved, onRefused }: ProductFormProps) {
  const text = useMessages(backOfficeCatalogueText);
  const refusals = useMessages(apiText);
  const format = useFormat();
  const localize = useValidationMessage();
  const problemOf = (list: readonly ImageItem[]) =>
    imagesProblem(list, { ...text, imageWrongType: refusals.imageWrongType, imageTooLarge: refusals.imageTooLarge }, format.count(MAX_PRODUCT_IMAGES));
  const { guard, refused } = useWriteGuard();
  const save = useSaveProduct();
  const [images, setImages] = useState<ImageItem[]>(() => savedImages(product));
  const [imagesError, setImagesError] = useState<string>();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [failure, setFailure] = useState<string>();
  const [resolver] = useState(() => productFormResolver(text));
  const form = useForm<ProductFormValues, unknown, ProductCreateInput>({
    resolver,
    defaultValues: product ? productFormValues(product) : EMPTY_PRODUCT_FORM,
  });
  const { register, control, handleSubmit, setValue, setError, formState } = form;
  const { errors } = formState;
  const faqs = useFieldArray({ control, name: 'faqs' });
  const [category, subCategory, hasVariants] = useWatch({ control, name: ['category', 'subCategory', 'hasVariants'] });
  const categories = useCategoryNames();
  const subCategories = useSubCategories(category);
  const subSubCategories = useSubSubCategories(subCategory);

  // Chosen files are shown through object URLs: let them go with the form.
  const imagesRef = useRef(images);
  useEffect(() => {
    imagesRef.current = images;
  }, [images]);
  useEffect(() => () => imagesRef.current.forEach((image) => image.file && URL.revokeObjectURL(image.src)), []);

  const changeImages = (next: ImageItem[]) => {
    setImages(next);
    if (imagesError) setImagesError(problemOf(next));
  };

  const submit = handleSubmit(
    (input) => {
      const problem = problemOf(images);
      setImagesError(problem);
      setFailure(undefined);
      if (problem) return;
      guard(() =>
        save.mutate(
          { id: product?._id, input, images, onProgress: setProgress },
          {
            onSuccess: onSaved,
            onError: (error) => {
              setProgress(null);
              if (error instanceof ApiError && (error.status === 403 || error.status === 404) && product) {
                onRefused(error.status);
                return;
              }
              const { fields, form } = serverErrors(error, text.productSaveFailed);
              // Every refused field shows its message; the first one gets the focus.
              const placed = Object.entries(fields).flatMap(([path, message]) => {
                const field = formFieldOf(path);
                return field ? [{ field, message }] : [];
              });
              placed.forEach(({ field, message }, index) => setError(field, { type: 'server', message }, { shouldFocus: index === 0 }));
              if (placed.length === 0) setFailure(form ?? Object.values(fields)[0]);
            },
          },
        ),
      );
    },
    (fieldErrors) => {
      setImagesError(problemOf(images));
      if (Object.keys(fieldErrors).length > 0) setFailure(undefined);
    },
  );

  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c._id, label: c.categoryName }));
  const subOptions = (subCategories.data ?? []).map((c) => ({ value: c._id, label: c.subCategoryName }));
  const subSubOptions = (subSubCategories.data ?? []).map((c) => ({ value: c._id, label: c.subSubCategoryName }));
  const busy = save.isPending;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex max-w-3xl min-w-0 flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={text.name} error={localize(errors.name?.message)} {...register('name')} />
        <TextField label={text.nameBn} lang="bn" error={localize(errors.productNameBn?.message)} {...register('productNameBn')} />
        <TextArea label={text.description} rows={5} error={localize(errors.description?.message)} {...register('description')} />
        <TextArea label={text.descriptionBn} lang="bn" rows={5} error={localize(errors.productDescriptionBn?.message)} {...register('productDescriptionBn')} />
        <TextArea label={text.details} hint={text.detailsHint} rows={3} error={localize(errors.productDetails?.message)} {...register('productDetails')} />
        <TextArea
          label={text.detailsBn}
          hint={text.detailsHint}
          lang="bn"
          rows={3}
          error={localize(errors.productDetailsBn?.message)}
          {...register('productDetailsBn')}
        />
        <TextField label={text.unit} hint={text.unitHint} error={localize(errors.quantity?.message)} {...register('quantity')} />
        <TextField label={text.unitBn} lang="bn" error={localize(errors.quantityBn?.message)} {...register('quantityBn')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label={text.category}
          placeholder={categories.isPending ? text.loading : text.choose}
          options={categoryOptions}
          error={localize(errors.category?.message)}
          {...register('category', {
            onChange: () => {
              setValue('subCategory', '');
              setValue('subSubCategory', '');
            },
          })}
        />
        <SelectField
          label={text.subCategory}
          placeholder={text.none}
          options={subOptions}
          disabled={!category}
          error={localize(errors.subCategory?.message)}
          {...register('subCategory', { onChange: () => setValue('subSubCategory', '') })}
        />
        <SelectField
          label={text.subSubCategory}
          placeholder={text.none}
          options={subSubOptions}
          disabled={!subCategory}
          error={localize(errors.subSubCategory?.message)}
          {...register('subSubCategory')}
        />
      </div>
      <label className="flex items-center gap-2 text-base text-gray-900">
        <Checkbox {...register('hasVariants')} />
        {text.hasVariants}
      </label>
      {hasVariants ? (
        <VariantsTable form={form} />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField label={text.priceTaka} inputMode="decimal" error={localize(errors.originalPrice?.message)} {...register('originalPrice')} />
            <TextField label={text.discountPercent} inputMode="numeric" error={localize(errors.discount?.message)} {...register('discount')} />
            <TextField label={text.stock} inputMode="numeric" error={localize(errors.remainingProducts?.message)} {...register('remainingProducts')} />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField label={text.colours} hint={text.listHint} error={localize(errors.colors?.message)} {...register('colors')} />
            <TextField label={text.sizes} hint={text.listHint} error={localize(errors.sizes?.message)} {...register('sizes')} />
            <TextField
              label={text.sku}
              hint={text.productSkuHint}
              autoCapitalize="characters"
              spellCheck={false}
              error={localize(errors.sku?.message)}
              {...register('sku')}
            />
          </div>
        </>
      )}
      <TextField label={text.searchTags} hint={text.searchTagsHint} error={localize(errors.searchTags?.message)} {...register('searchTags')} />
      <TextField label={text.video} type="url" inputMode="url" error={localize(errors.video?.message)} {...register('video')} />

      <ImageList images={images} onChange={changeImages} progress={progress} error={localize(imagesError)} disabled={busy} />

      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="text-sm font-medium text-gray-800">{text.faqs}</legend>
        {errors.faqs?.message && <p className="text-sm text-red-700">{localize(errors.faqs.message)}</p>}
        {faqs.fields.map((field, index) => (
          <div key={field.id} className="flex flex-col gap-2 rounded-md border border-gray-300 p-3">
            <TextField
              label={text.question(format.count(index + 1))}
              error={localize(errors.faqs?.[index]?.question?.message)}
              {...register(`faqs.${index}.question`)}
            />
            <TextArea
              label={text.answer(format.count(index + 1))}
              rows={2}
              error={localize(errors.faqs?.[index]?.answer?.message)}
              {...register(`faqs.${index}.answer`)}
            />
            <Button variant="ghost" className="self-start text-red-700" onClick={() => faqs.remove(index)}>
              <X aria-hidden="true" className="size-5" />
              {text.removeFaq(format.count(index + 1))}
            </Button>
          </div>
        ))}
        <Button variant="secondary" className="self-start" onClick={() => faqs.append({ question: '', answer: '' })}>
          <Plus aria-hidden="true" className="size-5" />
          {text.addFaq}
        </Button>
      </fieldset>

      <fieldset className="flex min-w-0 flex-col gap-1">
        <legend className="text-sm font-medium text-gray-800">{text.productState}</legend>
        {(['published', 'draft'] as const).map((state) => (
          <label key={state} className="flex items-center gap-2 text-base text-gray-900">
            {/* The radio's own box is the 44 px target, a 20 px circle drawn in its middle, like Checkbox's. */}
            <span className="relative inline-flex size-11 shrink-0 items-center justify-center">
              <input
                type="radio"
                value={state}
                className="peer absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-full focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700"
                {...register('status')}
              />
              <span
                aria-hidden="true"
                className="pointer-events-none size-5 rounded-full border-2 border-gray-500 bg-white peer-checked:border-6 peer-checked:border-brand-700"
              />
            </span>
            <span className="flex flex-col py-1">
              <span className="font-medium">{state === 'published' ? text.published : text.draft}</span>
              <span className="text-sm text-gray-600">{state === 'published' ? text.publishedHint : text.draftHint}</span>
            </span>
          </label>
        ))}
        {errors.status?.message && <p className="text-sm text-red-700">{localize(errors.status.message)}</p>}
      </fieldset>

      <WriteProblem refused={refused} error={localize(failure)} />
      <Button type="submit" busy={busy} className="self-start">
        {product ? text.saveChanges : text.createProduct}
      </Button>
    </form>
  );
}
