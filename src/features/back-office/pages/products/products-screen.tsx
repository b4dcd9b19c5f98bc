import type { ScreenProps } from '../../lib/screens';
import { ProductEditorPage } from './product-editor-page';
import { ProductListPage } from './product-list-page';

/** The products of an area: the list, `new`, or a product's id to edit. */
export function ProductsScreen({ area, rest }: ScreenProps) {
  if (rest === '') return <ProductListPage area={area} />;
  if (rest === 'new') return <ProductEditorPage area={area} />;
  return <ProductEditorPage area={area} productId={rest} />;
}
