import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/components/cn';
import { STATUS_TABS, type StatusTab } from '../lib/orders';

/**
 * The status filter as WAI-ARIA tabs over one shared panel (the order list): one tab stop, arrow keys, Home and End
 * move and select.
 */
export function StatusTabs({ value, onChange, children }: { value: StatusTab; onChange: (tab: StatusTab) => void; children: ReactNode }) {
  const baseId = useId();
  const refs = useRef(new Map<StatusTab, HTMLButtonElement>());
  const tabId = (id: StatusTab) => `${baseId}-tab-${id}`;

  const onKeyDown = (event: KeyboardEvent) => {
    const index = STATUS_TABS.findIndex((tab) => tab.id === value);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: STATUS_TABS.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = STATUS_TABS[(target + STATUS_TABS.length) % STATUS_TABS.length];
    if (!next) return;
    onChange(next.id);
    refs.current.get(next.id)?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label="Order status" className="mt-4 flex overflow-x-auto border-b border-gray-200">
        {STATUS_TABS.map((tab) => {
          const selected = tab.id === value;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) refs.current.set(tab.id, node);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.id)}
              onKeyDown={onKeyDown}
              className={cn(
                '-mb-px min-h-11 shrink-0 border-b-2 px-4 text-sm font-semibold whitespace-nowrap',
                selected ? 'border-brand-700 text-brand-800' : 'border-transparent text-gray-700 hover:text-gray-900',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={tabId(value)} className="pt-4">
        {children}
      </div>
    </>
  );
}
