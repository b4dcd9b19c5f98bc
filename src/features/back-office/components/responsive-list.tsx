import { useSyncExternalStore, type ReactNode } from 'react';
import { useMessages } from '@/i18n/react';
import { backOfficeText } from '@/messages/back-office';

/** From this width the list is a table; below it, a card per item. */
export const TABLE_MIN_WIDTH_PX = 768;
const TABLE_QUERY = `(min-width: ${TABLE_MIN_WIDTH_PX}px)`;

function subscribeToWidth(onChange: () => void): () => void {
  const query = window.matchMedia?.(TABLE_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}
/** Without matchMedia (an old browser, a test), the cards: they fit any width. */
const wideEnoughForTable = () => window.matchMedia?.(TABLE_QUERY).matches === true;

export type ListColumn<Item> = {
  /** Unique among the columns. */
  key: string;
  /** The table's column heading and the card's label. */
  header: string;
  cell: (item: Item) => ReactNode;
  /** The column that names the item: the card's title, the row's header cell. */
  primary?: boolean;
};

export type ResponsiveListProps<Item> = {
  items: readonly Item[];
  columns: readonly ListColumn<Item>[];
  itemKey: (item: Item) => string;
  /** Names the table (its caption, visually hidden) and the list of cards. */
  label: string;
  /** Buttons for one item (edit, delete): the table's last column, the card's foot. */
  actions?: (item: Item) => ReactNode;
  actionsHeader?: string;
  /** Shown instead when there are no items. */
  empty: ReactNode;
};

/** A list that is a table on a desktop and cards on a phone, so nothing scrolls sideways at 360 px. */
export function ResponsiveList<Item>({ items, columns, itemKey, label, actions, actionsHeader, empty }: ResponsiveListProps<Item>) {
  const text = useMessages(backOfficeText);
  const asTable = useSyncExternalStore(subscribeToWidth, wideEnoughForTable, () => false);
  if (items.length === 0) return <div className="rounded-lg border border-dashed border-gray-300 bg-white p-6 text-center text-gray-700">{empty}</div>;

  if (asTable) {
    return (
      <table className="w-full overflow-hidden rounded-lg border border-gray-200 bg-white text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-gray-100 text-gray-800">
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className="px-3 py-2 font-semibold">
                {column.header}
              </th>
            ))}
            {actions && (
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                {actionsHeader ?? text.actions}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={itemKey(item)} className="border-t border-gray-200 align-middle">
              {columns.map((column) =>
                column.primary ? (
                  <th key={column.key} scope="row" className="px-3 py-2 font-medium text-gray-900">
                    {column.cell(item)}
                  </th>
                ) : (
                  <td key={column.key} className="px-3 py-2 text-gray-800">
                    {column.cell(item)}
                  </td>
                ),
              )}
              {actions && (
                <td className="px-3 py-2">
                  <div className="flex flex-wrap justify-end gap-2">{actions(item)}</div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    );
  }

  const primary = columns.find((column) => column.primary);
  const details = columns.filter((column) => column !== primary);
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {items.map((item) => (
        <li key={itemKey(item)} className="min-w-0 rounded-lg border border-gray-200 bg-white p-3">
          {primary && <h3 className="font-semibold break-words text-gray-900">{primary.cell(item)}</h3>}
          {details.length > 0 && (
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              {details.map((column) => (
                <div key={column.key} className="contents">
                  <dt className="text-gray-600">{column.header}</dt>
                  <dd className="break-words text-gray-900">{column.cell(item)}</dd>
                </div>
              ))}
            </dl>
          )}
          {actions && <div className="mt-3 flex flex-wrap gap-2">{actions(item)}</div>}
        </li>
      ))}
    </ul>
  );
}
