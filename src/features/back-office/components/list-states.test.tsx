import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListStates } from './list-states';

const TEXT = { failed: 'The coupons could not be loaded.', notSaved: 'Not saved for offline use.', offlineList: 'Showing the coupons as you saw them last.' };

function CouponList({ load }: { load: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['coupons'], queryFn: load, retry: false });
  return (
    <ListStates query={query} {...TEXT}>
      {(codes) => <p>{codes.join(', ')}</p>}
    </ListStates>
  );
}

function renderList(load: () => Promise<string[]>, client = new QueryClient()) {
  render(
    <QueryClientProvider client={client}>
      <CouponList load={load} />
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => onlineManager.setOnline(true));

describe('ListStates', () => {
  it('says why when the list was never loaded', async () => {
    renderList(() => Promise.reject(new Error('500')));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT.failed);
  });

  it('keeps a list seen before when loading it again fails, and says it may be old while offline', async () => {
    let answer: () => Promise<string[]> = () => Promise.resolve(['EID10', 'WELCOME']);
    const client = renderList(() => answer());
    expect(await screen.findByText('EID10, WELCOME')).toBeInTheDocument();

    answer = () => Promise.reject(new Error('500'));
    await act(() => client.refetchQueries({ queryKey: ['coupons'] }));
    expect(screen.getByText('EID10, WELCOME')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => onlineManager.setOnline(false));
    expect(screen.getByText(TEXT.offlineList)).toBeInTheDocument();
  });

  it('says the list was not saved when offline and never loaded', () => {
    onlineManager.setOnline(false);
    renderList(() => Promise.resolve([]));
    expect(screen.getByRole('status')).toHaveTextContent(TEXT.notSaved);
  });
});
