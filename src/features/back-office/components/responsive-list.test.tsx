import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubScreenWidth } from '@/test/screen-width';
import { ResponsiveList, type ListColumn } from './responsive-list';

type Fruit = { id: string; name: string; stock: number };
const fruits: Fruit[] = [
  { id: 'f1', name: 'Mango', stock: 12 },
  { id: 'f2', name: 'Lychee', stock: 0 },
];
const columns: ListColumn<Fruit>[] = [
  { key: 'name', header: 'Name', primary: true, cell: (fruit) => fruit.name },
  { key: 'stock', header: 'Stock', cell: (fruit) => fruit.stock },
];

function renderFruits(onDelete = vi.fn()) {
  render(
    <ResponsiveList
      items={fruits}
      columns={columns}
      itemKey={(fruit) => fruit.id}
      label="Fruits"
      empty="No fruits yet."
      actions={(fruit) => (
        <button type="button" onClick={() => onDelete(fruit.id)}>
          Delete {fruit.name}
        </button>
      )}
    />,
  );
  return onDelete;
}

describe('ResponsiveList', () => {
  it('is a table on a desktop: a column per field, the primary one as the row header, actions last', async () => {
    stubScreenWidth(1280);
    const onDelete = renderFruits();

    const table = screen.getByRole('table', { name: 'Fruits' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Stock', 'Actions']);
    expect(within(table).getByRole('rowheader', { name: 'Mango' })).toBeInTheDocument();
    const lychee = within(table).getByRole('row', { name: /Lychee/ });
    expect(within(lychee).getByRole('cell', { name: '0' })).toBeInTheDocument();
    await userEvent.click(within(lychee).getByRole('button', { name: 'Delete Lychee' }));
    expect(onDelete).toHaveBeenCalledWith('f2');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('is a card per item on a phone: the primary field as its title, the others labelled, the actions below', async () => {
    stubScreenWidth(360);
    const onDelete = renderFruits();

    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Fruits' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { name: 'Mango' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Stock').nextSibling).toHaveTextContent('12');
    await userEvent.click(within(cards[0]!).getByRole('button', { name: 'Delete Mango' }));
    expect(onDelete).toHaveBeenCalledWith('f1');
  });

  it('is cards where the screen cannot be asked (they fit any width)', () => {
    vi.stubGlobal('matchMedia', undefined);
    renderFruits();
    expect(screen.getByRole('list', { name: 'Fruits' })).toBeInTheDocument();
  });

  it('says so when there is nothing to list', () => {
    stubScreenWidth(1280);
    render(<ResponsiveList items={[]} columns={columns} itemKey={(fruit) => fruit.id} label="Fruits" empty="No fruits yet." />);
    expect(screen.getByText('No fruits yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
