import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductImportPreview, ProductImportResult } from '@contract/product-csv';
import { api, apiBlob } from '@/lib/api';
import { productKeys } from '@/lib/product-queries';
import { saveBlob } from '../orders/order-api';
import { backOfficeProductKeys } from './product-api';

const CSV = { 'Content-Type': 'text/csv' };

/** Downloads the products the signed-in user manages as CSV (a seller's own, an admin's every one). */
export async function downloadProductsCsv(): Promise<void> {
  saveBlob(await apiBlob('/products/export', { headers: { Accept: 'text/csv' } }), 'products.csv');
}

/** What importing the file would do; the server writes nothing. */
export const previewProductImport = async (file: Blob): Promise<ProductImportPreview> =>
  (
    await api<ProductImportPreview>('/products/import/preview', {
      method: 'POST',
      body: file,
      headers: CSV,
    })
  ).data;

/**
 * Applies the file as the preview named by `preview` showed; afterwards the back office's and the storefront's copies
 * of the products are read again.
 */
export function useApplyProductImport() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ file, preview }: { file: Blob; preview: string }): Promise<ProductImportResult> =>
      (
        await api<ProductImportResult>('/products/import/apply', {
          method: 'POST',
          body: file,
          headers: CSV,
          query: { preview },
        })
      ).data,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: backOfficeProductKeys.all }), queryClient.invalidateQueries({ queryKey: productKeys.all })]);
    },
  });
}
