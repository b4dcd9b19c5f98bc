import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { SHOP_WORD_MAX, shopWordListQuerySchema, type ShopWord, type ShopWordListQuery } from '@contract/shop-words';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useMessages } from '@/i18n/react';
import { notify } from '@/lib/notify';
import { backOfficeCatalogueText } from '@/messages/back-office-catalogue';
import { useAdminWrite } from '../api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ListSearch } from '../components/list-search';
import { ListStates } from '../components/list-states';
import { Pager } from '../components/pager';
import { ResponsiveList, type ListColumn } from '../components/responsive-list';
import { ScreenTitle } from '../components/screen-title';
import { ShopWordForm } from '../components/shop-word-form';
import { listAddress, listQueryFrom } from '../lib/list-query';
import { useOpenScreen, type ScreenProps } from '../lib/screens';
import { shopWordKeys, shopWordListQuery } from '../lib/shop-word-api';
import { shownWords } from '../lib/shop-word-form';
import { useConfirmedDelete } from '../lib/use-confirmed-delete';

/**
 * The shop's dictionary of search words: each entry a set of words a shopper means the same by (চাল · chal · rice).
 * Find an entry by a word, a page at a time; add, edit and remove.
 */
export function SearchWordsPage({ area }: ScreenProps) {
  const text = useMessages(backOfficeCatalogueText);
  const query = listQueryFrom(shopWordListQuerySchema, useSearch({ strict: false }));
  const openScreen = useOpenScreen();
  const show = (next: Partial<ShopWordListQuery>) =>
    void openScreen(area, 'search-words', { search: listAddress({ search: query.search, page: query.page, ...next }) });
  const list = useQuery(shopWordListQuery(query));
  const [editing, setEditing] = useState<ShopWord | 'new' | null>(null);
  const deletion = useConfirmedDelete({
    remove: useAdminWrite(
      (id: string) => ({ path: `/shop-words/${encodeURIComponent(id)}`, method: 'DELETE' }),
      () => [shopWordKeys.all],
    ),
    idOf: (entry: ShopWord) => entry._id,
    failed: text.searchWordsRemoveFailed,
    onDeleted: (entry) => notify.success(text.searchWordsRemoved(shownWords(entry.words))),
  });
  // A long word has nowhere to wrap: it breaks anywhere, so a card fits from 320 px.
  const columns: ListColumn<ShopWord>[] = [
    {
      key: 'words',
      header: text.searchWordsColumn,
      primary: true,
      cell: (entry) => <span className="[overflow-wrap:anywhere]">{shownWords(entry.words)}</span>,
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <ScreenTitle title={text.searchWordsTitle}>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-5" />
          {text.newSearchWords}
        </Button>
      </ScreenTitle>
      <p className="max-w-prose text-gray-700">{text.searchWordsIntro}</p>
      <ListSearch
        label={text.searchWordsFind}
        buttonLabel={text.searchWordsSearch}
        search={query.search}
        maxLength={SHOP_WORD_MAX}
        onSearch={(search) => show({ search, page: 1 })}
        className="max-w-xl"
      />
      <ListStates query={list} failed={text.searchWordsFailed} notSaved={text.searchWordsNotSaved} offlineList={text.searchWordsOffline}>
        {(page) => (
          <div>
            <ResponsiveList
              items={page.data}
              columns={columns}
              itemKey={(entry) => entry._id}
              label={text.searchWords}
              empty={query.search ? text.noSearchWordsMatch(query.search) : text.noSearchWords}
              actions={(entry) => (
                <>
                  <Button variant="secondary" onClick={() => setEditing(entry)} className="px-3">
                    {text.searchWordsEdit}
                    <span className="sr-only"> {shownWords(entry.words)}</span>
                  </Button>
                  <Button variant="ghost" onClick={() => deletion.ask(entry)} className="px-3 text-red-700 hover:bg-red-50">
                    {text.removeSearchWords}
                    <span className="sr-only"> {shownWords(entry.words)}</span>
                  </Button>
                </>
              )}
            />
            <Pager page={page.page} pages={page.pages} total={page.total} label={text.searchWordsPages} onPageChange={(next) => show({ page: next })} />
          </div>
        )}
      </ListStates>
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? text.newSearchWords : text.editSearchWords(shownWords(editing?.words ?? []))}
      >
        {editing && <ShopWordForm entry={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />}
      </Dialog>
      <ConfirmDialog
        {...deletion.dialog}
        title={text.removeSearchWordsTitle(shownWords(deletion.target?.words ?? []))}
        message={text.removeSearchWordsText}
        confirmLabel={text.removeSearchWords}
      />
    </div>
  );
}
