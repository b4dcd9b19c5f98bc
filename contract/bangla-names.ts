import type { Locale } from './locale';

/**
 * Names the owner gives in English and, optionally, in Bangla (products, categories, units): a Bangla page shows the
 * Bangla one where there is one, and the English one otherwise.
 */
export const nameIn = (locale: Locale, english: string, bangla: string | null | undefined): string => (locale === 'bn' && bangla ? bangla : english);

/** What a product says in words, each with its optional Bangla (absent from an answer cached before they existed). */
type ProductWords = {
  productName: string;
  productNameBn?: string | null;
  productDescription?: string;
  productDescriptionBn?: string | null;
  productDetails?: string[];
  productDetailsBn?: string[];
  quantity?: string;
  quantityBn?: string | null;
  productCategory?: { categoryName: string; categoryNameBn?: string | null };
};

/**
 * A product as a page in `locale` shows it: on a Bangla page its name, description, details, unit and category in
 * Bangla where the owner gave them, each falling back to the English one on its own. Its options stay as they are:
 * they are what an order names.
 */
export function productIn<P extends ProductWords>(locale: Locale, product: P): P {
  if (locale !== 'bn') return product;
  const category = product.productCategory;
  // `||`: an empty Bangla text, like a missing one, shows the English.
  return {
    ...product,
    productName: product.productNameBn || product.productName,
    productDescription: product.productDescriptionBn || product.productDescription,
    productDetails: product.productDetailsBn?.length ? product.productDetailsBn : product.productDetails,
    quantity: product.quantityBn || product.quantity,
    productCategory: category && { ...category, categoryName: category.categoryNameBn || category.categoryName },
  };
}
