import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Pencil, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { formatTaka } from '@contract/money';
import type { Product } from '@contract/catalogue';
import { Button, buttonClassName } from '@/components/button';
import { imageUrl } from '@/lib/image-url';
import { notify } from '@/lib/notify';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ListSearch } from '../../components/list-search';
import { ListStates } from '../../components/list-states';
import { Pager } from '../../components/pager';
import { ResponsiveList, type ListColumn } from '../../components/responsive-list';
import { ScreenTitle } from '../../components/screen-title';
import { screenLink } from '../../lib/screens';
import { productListQuery, useDeleteProduct } from '../../lib/products/product-api';
import { useConfirmedDelete } from '../../lib/use-confirmed-delete';
import type { Area } from '../../lib/screens';

const TEXT = {
  title: 'Products',
  add: 'Add product',
  search: 'Search by name',
  searchButton: 'Search',
  empty: 'No products found.',
  failed: 'The products could not be loaded. Try again.',
  image: 'Image',
  name: 'Name',
  price: 'Price',
  stock: 'Stock',
  edit: (name: string) => `Edit ${name}`,
  delete: (name: string) => `Delete ${name}`,
  editShort: 'Edit',
  deleteShort: 'Delete',
  confirmTitle: 'Delete this product?',
  confirmText: (name: string) => `“${name}” will be removed from the shop. This cannot be undone.`,
  deleteFailed: 'The product could not be deleted',
  deleted: 'Product deleted',
  pages: 'Products pages',
  offlineList: 'You are offline — showing what you saw last.',
  notSaved: 'The products have not been saved for offline use.',
};

const COLUMNS: ListColumn<Product>[] = [
  {
    key: 'image',
    header: TEXT.image,
    cell: (product) => <img src={imageUrl(product.productImages[0], 64, 2)} alt="" width={64} height={64} className="size-16 shrink-0 rounded object-cover" />,
  },
  { key: 'name', header: TEXT.name, primary: true, cell: (product) => product.productName },
  { key: 'price', header: TEXT.price, cell: (product) => formatTaka(product.productPrice) },
  { key: 'stock', header: TEXT.stock, cell: (product) => product.remainingProducts },
];

/** The products an admin manages (all) or a seller manages (their own): search, page, edit and delete. */
export function ProductListPage({ area }: { area: Area }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const query = useQuery(productListQuery({ page, search }));
  const deletion = useConfirmedDelete({
    remove: useDeleteProduct(),
    idOf: (product: Product) => product._id,
    failed: TEXT.deleteFailed,
    onDeleted: () => notify.success(TEXT.deleted),
  });

  return (
    <div className="flex flex-col gap-4">
      <ScreenTitle title={TEXT.title}>
        <Link {...screenLink(area, 'products/new')} className={buttonClassName('primary')}>
          <Plus aria-hidden="true" className="size-5" />
          {TEXT.add}
        </Link>
      </ScreenTitle>
      <ListSearch
        label={TEXT.search}
        buttonLabel={TEXT.searchButton}
        search={search}
        onSearch={(typed) => {
          setSearch(typed);
          setPage(1);
        }}
        className="max-w-xl"
      />
      <ListStates query={query} failed={TEXT.failed} notSaved={TEXT.notSaved} offlineList={TEXT.offlineList}>
        {(list) => (
          <div>
            <ResponsiveList
              items={list.data}
              columns={COLUMNS}
              itemKey={(product) => product._id}
              label={TEXT.title}
              empty={TEXT.empty}
              actions={(product) => (
                <>
                  <Link {...screenLink(area, `products/${product._id}`)} aria-label={TEXT.edit(product.productName)} className={buttonClassName('secondary', 'px-3')}>
                    <Pencil aria-hidden="true" className="size-5" />
                    {TEXT.editShort}
                  </Link>
                  <Button variant="ghost" aria-label={TEXT.delete(product.productName)} className="px-3 text-red-700" onClick={() => deletion.ask(product)}>
                    <X aria-hidden="true" className="size-5" />
                    {TEXT.deleteShort}
                  </Button>
                </>
              )}
            />
            <Pager page={list.page} pages={list.pages} total={list.total} label={TEXT.pages} onPageChange={setPage} />
          </div>
        )}
      </ListStates>
      <ConfirmDialog
        {...deletion.dialog}
        title={TEXT.confirmTitle}
        message={TEXT.confirmText(deletion.target?.productName ?? '')}
        confirmLabel={TEXT.deleteShort}
      />
    </div>
  );
}
