import { Share2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/button';
import { useMessages } from '@/i18n/react';
import { productText } from '@/messages/product';

// Its code (the dialog, the share links) comes when the shopper opens it: a first visit rarely shares.
const ShareDialog = lazy(() => import('./share-dialog').then((module) => ({ default: module.ShareDialog })));

/** 'Share', which opens the share dialog (ShareDialog). */
export function ShareButton({ productId, name }: { productId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const text = useMessages(productText);
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Share2 aria-hidden="true" className="size-5" />
        {text.share}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog productId={productId} name={name} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
