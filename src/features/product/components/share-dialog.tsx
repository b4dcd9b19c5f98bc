import { Copy, Share2 } from 'lucide-react';
import { Dialog } from '@/components/dialog';
import { notify } from '@/lib/notify';
import { pageContext } from '@/lib/page-context';
import { shareLinks } from '../lib/share';
import { useMessages } from '@/i18n/react';
import { productText } from '@/messages/product';

const rowClass = 'flex min-h-11 w-full items-center gap-3 rounded-md border border-gray-300 px-3 text-left font-medium text-gray-900 hover:bg-gray-50';

/** A coloured initial standing for a site's logo (the icon set carries no brand marks). */
function Mark({ colour, letter }: { colour: string; letter: string }) {
  return (
    <span
      aria-hidden="true"
      style={{ backgroundColor: colour }}
      className="inline-flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white"
    >
      {letter}
    </span>
  );
}

/**
 * The share dialog ShareButton opens: copy the product's address, share it on Facebook, Twitter or WhatsApp, or (where
 * the browser has one) the system share sheet.
 */
export function ShareDialog({ productId, name, onClose }: { productId: string; name: string; onClose: () => void }) {
  const url = `${pageContext().origin}/products/${encodeURIComponent(productId)}`;
  const links = shareLinks(url, name);
  const text = useMessages(productText);
  const canShareNatively = typeof navigator.share === 'function';

  const copy = async () => {
    try {
      // navigator.clipboard is missing outside secure contexts: that is a failure like any other.
      await navigator.clipboard.writeText(url);
      notify.success(text.linkCopied);
    } catch {
      notify.error(text.copyFailed);
    }
  };

  const shareNatively = async () => {
    try {
      await navigator.share({ title: name, url });
      onClose();
    } catch {
      // Dismissing the sheet rejects too; the dialog stays open with the other ways to share.
    }
  };

  return (
    <Dialog open onClose={onClose} title={text.shareTitle}>
      <div className="flex flex-col gap-2">
        <button type="button" onClick={() => void copy()} className={rowClass}>
          <span aria-hidden="true" className="inline-flex size-7 items-center justify-center rounded-full bg-gray-700 text-white">
            <Copy className="size-4" />
          </span>
          {text.copyLink}
        </button>
        <a href={links.facebook} target="_blank" rel="noopener noreferrer" className={rowClass}>
          <Mark colour="#1877F2" letter="f" />
          Facebook
        </a>
        <a href={links.twitter} target="_blank" rel="noopener noreferrer" className={rowClass}>
          <Mark colour="#000000" letter="X" />
          Twitter
        </a>
        <a href={links.whatsapp} target="_blank" rel="noopener noreferrer" className={rowClass}>
          <Mark colour="#128C7E" letter="W" />
          WhatsApp
        </a>
        {canShareNatively && (
          <button type="button" onClick={() => void shareNatively()} className={rowClass}>
            <span aria-hidden="true" className="inline-flex size-7 items-center justify-center rounded-full bg-brand-700 text-white">
              <Share2 className="size-4" />
            </span>
            {text.moreWaysToShare}
          </button>
        )}
      </div>
    </Dialog>
  );
}
