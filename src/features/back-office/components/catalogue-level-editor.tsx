import { useState } from 'react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { OfflineNotice } from '@/components/offline-notice';
import { Skeleton } from '@/components/skeleton';
import { useMessages } from '@/i18n/react';
import { imageUrl } from '@/lib/image-url';
import { isWaitingForNetwork } from '@/lib/online';
import { backOfficeCatalogueText } from '@/messages/back-office-catalogue';
import { formOf, useAdminWrite } from '../api';
import type { CatalogueLevel, LevelItem } from '../lib/catalogue-levels';
import { useConfirmedDelete } from '../lib/use-confirmed-delete';
import { ConfirmDialog } from './confirm-dialog';
import { LevelForm, type LevelFormValues } from './level-form';
import { ResponsiveList, type ListColumn } from './responsive-list';

type ListState = { data: LevelItem[] | undefined; isPending: boolean; isPaused: boolean; isError: boolean };

type CatalogueLevelEditorProps = {
  level: CatalogueLevel;
  list: ListState;
  /** The wire fields that place a new item under its parent, e.g. `{ categoryId }`. */
  parent?: Record<string, string>;
  /** 'in Fruits': where the items are, in the heading. */
  within?: string;
  /** Opens the level below an item (a category's sub-categories). */
  drillDown?: { label: string; selectedId: string | undefined; onSelect: (item: LevelItem) => void };
};

type SaveVariables = { id?: string; values: LevelFormValues };

/** One level of the catalogue's tree: a form for a new item, the list, and renaming, a new image or deleting each. */
export function CatalogueLevelEditor({ level, list, parent = {}, within, drillDown }: CatalogueLevelEditorProps) {
  const text = useMessages(backOfficeCatalogueText);
  const noun = text[level.noun];
  const plural = text[level.plural];
  const [editing, setEditing] = useState<LevelItem | null>(null);

  const save = useAdminWrite(
    ({ id, values }: SaveVariables) => ({
      path: id ? `${level.path}/${id}` : level.path,
      method: id ? 'PUT' : 'POST',
      // A change sends the Bangla name even empty (that clears it); a new item has none unless one is typed.
      body: formOf(
        { [level.nameField]: values.name, [level.nameBnField]: id || values.nameBn ? values.nameBn : undefined, ...(id ? {} : parent) },
        { field: level.imageField, file: values.file },
      ),
    }),
    () => level.refresh,
  );
  const deletion = useConfirmedDelete({
    remove: useAdminWrite(
      (id: string) => ({ path: `${level.path}/${id}`, method: 'DELETE' }),
      () => level.refresh,
    ),
    idOf: (item: LevelItem) => item.id,
    failed: text.levelDeleteFailed(noun),
  });

  const columns: ListColumn<LevelItem>[] = [
    {
      key: 'image',
      header: text.image,
      cell: (item) =>
        item.image ? <img src={imageUrl(item.image, 80)} alt="" width={48} height={48} className="size-12 rounded-full bg-gray-100 object-cover" /> : text.none,
    },
    { key: 'name', header: text.name, primary: true, cell: (item) => item.name },
    { key: 'nameBn', header: text.nameBn, cell: (item) => <span lang="bn">{item.nameBn ?? text.none}</span> },
  ];
  const heading = within ? text.levelIn(plural, within) : plural;

  return (
    <section aria-label={heading} className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4">
      <h2 className="text-xl font-bold text-gray-900">{heading}</h2>
      <details className="rounded-md border border-gray-200 p-3 open:pb-4">
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-brand-700">{text.newLevel(noun)}</summary>
        <div className="mt-3">
          <LevelForm level={level} submitLabel={text.createLevel(noun)} onSubmit={(values) => save.mutateAsync({ values })} />
        </div>
      </details>
      {isWaitingForNetwork(list) ? (
        <OfflineNotice compact detail={text.levelNotSaved(plural)} />
      ) : list.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : list.isError && !list.data ? (
        <p role="alert" className="text-red-700">
          {text.levelFailed(plural)}
        </p>
      ) : (
        <ResponsiveList
          items={list.data ?? []}
          columns={columns}
          itemKey={(item) => item.id}
          label={heading}
          empty={text.levelEmpty(plural)}
          actions={(item) => (
            <>
              {drillDown && (
                <Button
                  variant={drillDown.selectedId === item.id ? 'primary' : 'secondary'}
                  aria-pressed={drillDown.selectedId === item.id}
                  onClick={() => drillDown.onSelect(item)}
                  className="px-3"
                >
                  {drillDown.label}
                  <span className="sr-only"> {text.ofItem(item.name)}</span>
                </Button>
              )}
              <Button variant="secondary" onClick={() => setEditing(item)} className="px-3">
                {text.edit}
                <span className="sr-only"> {item.name}</span>
              </Button>
              <Button variant="ghost" onClick={() => deletion.ask(item)} className="px-3 text-red-700 hover:bg-red-50">
                {text.delete}
                <span className="sr-only"> {item.name}</span>
              </Button>
            </>
          )}
        />
      )}
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={text.editLevel(noun, editing?.name ?? '')}>
        {editing && (
          <LevelForm
            level={level}
            current={editing}
            submitLabel={text.saveChanges}
            onSubmit={(values) => save.mutateAsync({ id: editing.id, values })}
            onDone={() => setEditing(null)}
          />
        )}
      </Dialog>
      <ConfirmDialog
        {...deletion.dialog}
        title={text.deleteLevel(noun, deletion.target?.name ?? '')}
        message={text[level.deleteWarning]}
        confirmLabel={text.delete}
      />
    </section>
  );
}
