import { useQuery } from '@tanstack/react-query';
import { Download, Pencil, Plus, Upload, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { Product, ProductStatus } from '@contract/catalogue';
import { Alert } from '@/components/alert';
import { Button, buttonClassName } from '@/components/button';
import { SelectField } from '@/components/select-field';
import { Thumbnail } from '@/components/thumbnail';
import { useFormat, useMessages } from '@/i18n/react';
import { apiMessageText } from '@/lib/api-message';
import { notify } from '@/lib/notify';
import { backOfficeCatalogueText } from '@/messages/back-office-catalogue';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ListSearch } from '../../components/list-search';
import { ListStates } from '../../components/list-states';
import { Pager } from '../../components/pager';
import { ResponsiveList, type ListColumn } from '../../components/responsive-list';
import { ScreenTitle } from '../../components/screen-title';
import { ScreenLink } from '../../components/screen-link';
import { productListQuery, useDeleteProduct } from '../../lib/products/product-api';
import { downloadProductsCsv } from '../../lib/products/product-csv-api';
import { useConfirmedDelete } from '../../lib/use-confirmed-delete';
import type { Area } from '../../lib/screens';

/** The import's preview and table: loaded when the owner opens it. */
const ProductImportPanel = lazy(async () => ({ default: (await import('../../components/products/product-import-panel')).ProductImportPanel }));

/** The products an admin manages (all) or a seller manages (their own): search, page, edit and delete. */
export function ProductListPage({ area }: { area: Area }) {
  const text = useMessages(backOfficeCatalogueText);
  const format = useFormat();
  const columns: ListColumn<Product>[] = [
    {
      key: 'image',
      header: text.image,
      cell: (product) => <Thumbnail src={product.productImages[0]} size={64} alt="" className="size-16 rounded" />,
    },
    { key: 'name', header: text.name, primary: true, cell: (product) => product.productName },
    { key: 'price', header: text.price, cell: (product) => format.taka(product.productPrice) },
    { key: 'stock', header: text.stock, cell: (product) => format.count(product.remainingProducts) },
    {
      key: 'state',
      header: text.stateColumn,
      cell: (product) =>
        product.status === 'draft' ? <span className="rounded bg-amber-100 px-2 py-0.5 font-medium text-amber-900">{text.draft}</span> : text.published,
    },
  ];
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ProductStatus | ''>('');
  const query = useQuery(productListQuery({ page, search, status }));
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string>();
  const exportCsv = () => {
    setExporting(true);
    setExportError(undefined);
    downloadProductsCsv()
      .catch((error: unknown) => setExportError(apiMessageText(error, text.exportFailed)))
      .finally(() => setExporting(false));
  };
  const deletion = useConfirmedDelete({
    remove: useDeleteProduct(),
    idOf: (product: Product) => product._id,
    failed: text.productDeleteFailed,
    onDeleted: () => notify.success(text.productDeleted),
  });

  return (
    <div className="flex flex-col gap-4">
      <ScreenTitle title={text.productsTitle}>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" busy={exporting} onClick={exportCsv}>
            <Download aria-hidden="true" className="size-5" />
            {text.exportProducts}
          </Button>
          <Button variant="secondary" aria-expanded={importing} onClick={() => setImporting(true)}>
            <Upload aria-hidden="true" className="size-5" />
            {text.importProducts}
          </Button>
          <ScreenLink area={area} path="products/new" className={buttonClassName('primary')}>
            <Plus aria-hidden="true" className="size-5" />
            {text.addProduct}
          </ScreenLink>
        </div>
      </ScreenTitle>
      {exportError && <Alert>{exportError}</Alert>}
      {importing && (
        <Suspense fallback={null}>
          <ProductImportPanel onClose={() => setImporting(false)} />
        </Suspense>
      )}
      <ListSearch
        label={text.searchByName}
        buttonLabel={text.search}
        search={search}
        onSearch={(typed) => {
          setSearch(typed);
          setPage(1);
        }}
        className="max-w-xl"
      />
      <SelectField
        label={text.stateColumn}
        placeholder={text.allStates}
        options={[
          { value: 'published', label: text.onlyPublished },
          { value: 'draft', label: text.onlyDrafts },
        ]}
        value={status}
        onChange={(event) => {
          setStatus(event.target.value as ProductStatus | '');
          setPage(1);
        }}
        className="max-w-xs"
      />
      <ListStates query={query} failed={text.productsFailed} notSaved={text.productsNotSaved} offlineList={text.offlineShown}>
        {(list) => (
          <div>
            <ResponsiveList
              items={list.data}
              columns={columns}
              itemKey={(product) => product._id}
              label={text.productsTitle}
              empty={text.noProducts}
              actions={(product) => (
                <>
                  <ScreenLink
                    area={area}
                    path={`products/${product._id}`}
                    aria-label={text.editNamed(product.productName)}
                    className={buttonClassName('secondary', 'px-3')}
                  >
                    <Pencil aria-hidden="true" className="size-5" />
                    {text.edit}
                  </ScreenLink>
                  <Button
                    variant="ghost"
                    aria-label={text.deleteNamed(product.productName)}
                    className="px-3 text-red-700"
                    onClick={() => deletion.ask(product)}
                  >
                    <X aria-hidden="true" className="size-5" />
                    {text.delete}
                  </Button>
                </>
              )}
            />
            <Pager page={list.page} pages={list.pages} total={list.total} label={text.productPages} onPageChange={setPage} />
          </div>
        )}
      </ListStates>
      <ConfirmDialog
        {...deletion.dialog}
        title={text.deleteProductTitle}
        message={text.deleteProductText(deletion.target?.productName ?? '')}
        confirmLabel={text.delete}
      />
    </div>
  );
}
