import { Plus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { Product, ProductCreateInput } from '@contract/catalogue';
import { Button } from '@/components/button';
import { SelectField } from '@/components/select-field';
import { TextArea, TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api';
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

export const FORM_TEXT = {
  name: 'Name',
  description: 'Description',
  category: 'Category',
  subCategory: 'Sub-category',
  subSubCategory: 'Sub-sub-category',
  choose: 'Choose…',
  none: 'None',
  loading: 'Loading…',
  price: 'Price (৳)',
  discount: 'Discount (%)',
  stock: 'Stock',
  colors: 'Colours',
  sizes: 'Sizes',
  listHint: 'Separate them with commas.',
  video: 'Video URL',
  faqs: 'Frequently asked questions',
  question: (n: number) => `Question ${n}`,
  answer: (n: number) => `Answer ${n}`,
  addFaq: 'Add a question',
  removeFaq: (n: number) => `Remove question ${n}`,
  create: 'Create product',
  save: 'Save changes',
  failed: 'The product could not be saved',
};

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
  const { guard, refused } = useWriteGuard();
  const save = useSaveProduct();
  const [images, setImages] = useState<ImageItem[]>(() => savedImages(product));
  const [imagesError, setImagesError] = useState<string>();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [failure, setFailure] = useState<string>();
  const form = useForm<ProductFormValues, unknown, ProductCreateInput>({
    resolver: productFormResolver,
    defaultValues: product ? productFormValues(product) : EMPTY_PRODUCT_FORM,
  });
  const { register, control, handleSubmit, setValue, setError, formState } = form;
  const { errors } = formState;
  const faqs = useFieldArray({ control, name: 'faqs' });
  const [category, subCategory] = useWatch({ control, name: ['category', 'subCategory'] });
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
    if (imagesError) setImagesError(imagesProblem(next));
  };

  const submit = handleSubmit(
    (input) => {
      const problem = imagesProblem(images);
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
              const { fields, form } = serverErrors(error, FORM_TEXT.failed);
              const placed = Object.entries(fields).flatMap(([path, message]) => {
                const field = formFieldOf(path);
                if (!field) return [];
                setError(field, { type: 'server', message }, { shouldFocus: true });
                return [field];
              });
              if (placed.length === 0) setFailure(form ?? Object.values(fields)[0]);
            },
          },
        ),
      );
    },
    (fieldErrors) => {
      setImagesError(imagesProblem(images));
      if (Object.keys(fieldErrors).length > 0) setFailure(undefined);
    },
  );

  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c._id, label: c.categoryName }));
  const subOptions = (subCategories.data ?? []).map((c) => ({ value: c._id, label: c.subCategoryName }));
  const subSubOptions = (subSubCategories.data ?? []).map((c) => ({ value: c._id, label: c.subSubCategoryName }));
  const busy = save.isPending;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex max-w-3xl min-w-0 flex-col gap-4">
      <TextField label={FORM_TEXT.name} error={errors.name?.message} {...register('name')} />
      <TextArea label={FORM_TEXT.description} rows={5} error={errors.description?.message} {...register('description')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label={FORM_TEXT.category}
          placeholder={categories.isPending ? FORM_TEXT.loading : FORM_TEXT.choose}
          options={categoryOptions}
          error={errors.category?.message}
          {...register('category', {
            onChange: () => {
              setValue('subCategory', '');
              setValue('subSubCategory', '');
            },
          })}
        />
        <SelectField
          label={FORM_TEXT.subCategory}
          placeholder={FORM_TEXT.none}
          options={subOptions}
          disabled={!category}
          error={errors.subCategory?.message}
          {...register('subCategory', { onChange: () => setValue('subSubCategory', '') })}
        />
        <SelectField
          label={FORM_TEXT.subSubCategory}
          placeholder={FORM_TEXT.none}
          options={subSubOptions}
          disabled={!subCategory}
          error={errors.subSubCategory?.message}
          {...register('subSubCategory')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={FORM_TEXT.price} inputMode="decimal" error={errors.originalPrice?.message} {...register('originalPrice')} />
        <TextField label={FORM_TEXT.discount} inputMode="numeric" error={errors.discount?.message} {...register('discount')} />
        <TextField label={FORM_TEXT.stock} inputMode="numeric" error={errors.remainingProducts?.message} {...register('remainingProducts')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={FORM_TEXT.colors} hint={FORM_TEXT.listHint} error={errors.colors?.message} {...register('colors')} />
        <TextField label={FORM_TEXT.sizes} hint={FORM_TEXT.listHint} error={errors.sizes?.message} {...register('sizes')} />
      </div>
      <TextField label={FORM_TEXT.video} type="url" inputMode="url" error={errors.video?.message} {...register('video')} />

      <ImageList images={images} onChange={changeImages} progress={progress} error={imagesError} disabled={busy} />

      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="text-sm font-medium text-gray-800">{FORM_TEXT.faqs}</legend>
        {errors.faqs?.message && <p className="text-sm text-red-700">{errors.faqs.message}</p>}
        {faqs.fields.map((field, index) => (
          <div key={field.id} className="flex flex-col gap-2 rounded-md border border-gray-300 p-3">
            <TextField label={FORM_TEXT.question(index + 1)} error={errors.faqs?.[index]?.question?.message} {...register(`faqs.${index}.question`)} />
            <TextArea label={FORM_TEXT.answer(index + 1)} rows={2} error={errors.faqs?.[index]?.answer?.message} {...register(`faqs.${index}.answer`)} />
            <Button variant="ghost" className="self-start text-red-700" onClick={() => faqs.remove(index)}>
              <X aria-hidden="true" className="size-5" />
              {FORM_TEXT.removeFaq(index + 1)}
            </Button>
          </div>
        ))}
        <Button variant="secondary" className="self-start" onClick={() => faqs.append({ question: '', answer: '' })}>
          <Plus aria-hidden="true" className="size-5" />
          {FORM_TEXT.addFaq}
        </Button>
      </fieldset>

      <WriteProblem refused={refused} error={failure} />
      <Button type="submit" busy={busy} className="self-start">
        {product ? FORM_TEXT.save : FORM_TEXT.create}
      </Button>
    </form>
  );
}
