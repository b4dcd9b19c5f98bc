import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SavedAddress, SavedAddressData } from '@contract/addresses';
import { ADDRESSES_MAX } from '@contract/addresses';
import { Button } from '@/components/button';
import { OfflineNotice } from '@/components/offline-notice';
import { Page } from '@/components/page';
import { Skeleton } from '@/components/skeleton';
import { useFormat, useMessages } from '@/i18n/react';
import { api } from '@/lib/api';
import { useApiMessage } from '@/lib/api-message';
import { notify } from '@/lib/notify';
import { isWaitingForNetwork } from '@/lib/online';
import { useAddressLine } from '@/lib/place-names';
import { savedAddressesKey, savedAddressesQuery } from '@/lib/saved-addresses';
import { useSession } from '@/lib/session';
import { accountText } from '@/messages/account';
import { AddressForm } from '../components/address-form';

type Write = { path: string; method: 'POST' | 'PUT' | 'DELETE'; body?: SavedAddressData };

/** /user/addresses: the delivery addresses the shop keeps for the customer; checkout starts with the default one. */
export function AddressesPage() {
  const text = useMessages(accountText);
  const format = useFormat();
  const userId = useSession().user?._id ?? '';
  const addresses = useQuery({ ...savedAddressesQuery(userId), enabled: userId !== '' });
  const queryClient = useQueryClient();
  const problem = useApiMessage();
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);
  const write = useMutation({
    mutationFn: async ({ path, method, body }: Write) => (await api<SavedAddress[]>(`/addresses${path}`, { method, body })).data,
    onSuccess: (list) => {
      queryClient.setQueryData(savedAddressesKey(userId), list);
      setEditing(null);
      notify.success(text.addressesSaved);
    },
    onError: (error) => notify.error(problem(error, text.addressesFailed)),
  });
  const list = addresses.data ?? [];

  return (
    <Page title={text.addresses}>
      <p className="mt-1 text-gray-700">{text.addressesIntro(format.count(ADDRESSES_MAX))}</p>
      {isWaitingForNetwork(addresses) ? (
        <OfflineNotice compact />
      ) : addresses.isPending ? (
        <Skeleton className="mt-4 h-32 w-full" />
      ) : (
        <div className="mt-4 flex flex-col gap-4">
          {list.length === 0 && editing === null && <p className="text-gray-700">{text.noAddresses}</p>}
          <ul className="flex flex-col gap-3" aria-label={text.addresses}>
            {list.map((address) =>
              editing !== 'new' && editing?._id === address._id ? (
                <li key={address._id}>
                  <AddressForm
                    address={address}
                    busy={write.isPending}
                    onSave={(body) => write.mutate({ path: `/${address._id}`, method: 'PUT', body })}
                    onCancel={() => setEditing(null)}
                  />
                </li>
              ) : (
                <AddressCard
                  key={address._id}
                  address={address}
                  busy={write.isPending}
                  onEdit={() => setEditing(address)}
                  onRemove={() => write.mutate({ path: `/${address._id}`, method: 'DELETE' })}
                  onDefault={() => write.mutate({ path: `/${address._id}/default`, method: 'POST' })}
                />
              ),
            )}
          </ul>
          {editing === 'new' ? (
            <AddressForm
              address={null}
              busy={write.isPending}
              onSave={(body) => write.mutate({ path: '', method: 'POST', body })}
              onCancel={() => setEditing(null)}
            />
          ) : (
            list.length < ADDRESSES_MAX && (
              <Button type="button" className="self-start" onClick={() => setEditing('new')}>
                {text.addAddress}
              </Button>
            )
          )}
        </div>
      )}
    </Page>
  );
}

function AddressCard({
  address,
  busy,
  onEdit,
  onRemove,
  onDefault,
}: {
  address: SavedAddress;
  busy: boolean;
  onEdit: () => void;
  onRemove: () => void;
  onDefault: () => void;
}) {
  const text = useMessages(accountText);
  const line = useAddressLine(address);
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-gray-200 bg-white p-4">
      <p className="break-words text-gray-900">{line}</p>
      <p className="text-sm text-gray-700">{address.phone}</p>
      {address.isDefault && <p className="text-sm font-semibold text-brand-700">{text.defaultAddress}</p>}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={onEdit} aria-label={`${text.editAddress}: ${line}`}>
          {text.edit}
        </Button>
        {!address.isDefault && (
          <Button type="button" variant="secondary" disabled={busy} onClick={onDefault} aria-label={`${text.makeDefault}: ${line}`}>
            {text.makeDefault}
          </Button>
        )}
        <Button type="button" variant="ghost" disabled={busy} onClick={onRemove} aria-label={`${text.removeAddress}: ${line}`}>
          {text.remove}
        </Button>
      </div>
    </li>
  );
}
