import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import type { ProductCreateInput } from '@contract/catalogue';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { TextField } from '@/components/text-field';
import { useFormat, useMessages } from '@/i18n/react';
import { useValidationMessage } from '@/i18n/validation';
import { backOfficeCatalogueText } from '@/messages/back-office-catalogue';
import type { ProductFormValues } from '../../lib/products/product-form';
import { emptyVariantRow, variantRowName } from '../../lib/products/variant-rows';

type VariantsTableProps = { form: UseFormReturn<ProductFormValues, unknown, ProductCreateInput> };

/**
 * The product's variants: the options each names (a size, a colour or both), then a card per variant with its option
 * values, price, discount, stock and SKU, in the order the shop shows them. Each field's name says its row
 * ("Price (৳), 500 g"), for a screen reader walking the form field by field.
 */
export function VariantsTable({ form }: VariantsTableProps) {
  const text = useMessages(backOfficeCatalogueText);
  const format = useFormat();
  const localize = useValidationMessage();
  const { register, control, formState } = form;
  const { errors } = formState;
  const rows = useFieldArray({ control, name: 'variants' });
  const [options, typed] = useWatch({ control, name: ['variantOptions', 'variants'] });
  const listError = errors.variants?.message ?? errors.variants?.root?.message;

  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="text-sm font-medium text-gray-800">{text.variants}</legend>
      <p className="text-sm text-gray-600">{text.variantsHint}</p>
      <fieldset className="flex min-w-0 flex-wrap items-center gap-x-4" aria-describedby={errors.variantOptions ? 'variant-options-error' : undefined}>
        <legend className="text-sm text-gray-800">{text.variantOptions}</legend>
        <label className="inline-flex items-center gap-1 text-base text-gray-900">
          <Checkbox {...register('variantOptions.size')} />
          {text.optionSize}
        </label>
        <label className="inline-flex items-center gap-1 text-base text-gray-900">
          <Checkbox {...register('variantOptions.color')} />
          {text.optionColour}
        </label>
      </fieldset>
      {errors.variantOptions?.message && (
        <p id="variant-options-error" className="text-sm text-red-700">
          {errors.variantOptions.message}
        </p>
      )}
      <ol className="flex min-w-0 flex-col gap-3">
        {rows.fields.map((field, index) => {
          const row = typed[index] ?? field;
          const name = variantRowName(row, options, text.variantNumbered(format.count(index + 1)));
          const rowErrors = errors.variants?.[index];
          const named = (label: string) => ({ label, 'aria-label': text.variantField(label, name) });
          return (
            <li key={field.id} className="min-w-0 rounded-md border border-gray-300 p-3">
              <fieldset className="flex min-w-0 flex-col gap-3">
                <legend className="px-1 font-semibold text-gray-900">{name}</legend>
                {rowErrors?.message && <p className="text-sm text-red-700">{localize(rowErrors.message)}</p>}
                <div className="grid min-w-0 grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
                  {options.size && (
                    <TextField {...named(text.variantSize)} error={localize(rowErrors?.size?.message)} {...register(`variants.${index}.size`)} />
                  )}
                  {options.color && (
                    <TextField {...named(text.variantColour)} error={localize(rowErrors?.color?.message)} {...register(`variants.${index}.color`)} />
                  )}
                  <TextField
                    {...named(text.priceTaka)}
                    inputMode="decimal"
                    error={localize(rowErrors?.originalPrice?.message)}
                    {...register(`variants.${index}.originalPrice`)}
                  />
                  <TextField
                    {...named(text.discountPercent)}
                    inputMode="numeric"
                    error={localize(rowErrors?.discount?.message)}
                    {...register(`variants.${index}.discount`)}
                  />
                  <TextField
                    {...named(text.stock)}
                    inputMode="numeric"
                    error={localize(rowErrors?.remainingProducts?.message)}
                    {...register(`variants.${index}.remainingProducts`)}
                  />
                  <TextField
                    {...named(text.sku)}
                    autoCapitalize="characters"
                    spellCheck={false}
                    error={localize(rowErrors?.sku?.message)}
                    {...register(`variants.${index}.sku`)}
                  />
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="ghost"
                    className="size-11 px-0"
                    aria-label={text.moveVariantUp(name)}
                    disabled={index === 0}
                    onClick={() => rows.move(index, index - 1)}
                  >
                    <ArrowUp aria-hidden="true" className="size-5" />
                  </Button>
                  <Button
                    variant="ghost"
                    className="size-11 px-0"
                    aria-label={text.moveVariantDown(name)}
                    disabled={index === rows.fields.length - 1}
                    onClick={() => rows.move(index, index + 1)}
                  >
                    <ArrowDown aria-hidden="true" className="size-5" />
                  </Button>
                  <Button variant="ghost" className="text-red-700" onClick={() => rows.remove(index)}>
                    <X aria-hidden="true" className="size-5" />
                    {text.removeVariant(name)}
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {listError && <p className="text-sm text-red-700">{localize(listError)}</p>}
      <Button variant="secondary" className="self-start" onClick={() => rows.append(emptyVariantRow())}>
        <Plus aria-hidden="true" className="size-5" />
        {text.addVariant}
      </Button>
    </fieldset>
  );
}
