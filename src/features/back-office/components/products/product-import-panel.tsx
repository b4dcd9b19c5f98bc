import { useId, useState } from 'react';
import type { ProductImportPreview, ProductImportRow } from '@contract/product-csv';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { useMessages } from '@/i18n/react';
import { useValidationMessage } from '@/i18n/validation';
import { ApiError } from '@/lib/api';
import { useApiMessage } from '@/lib/api-message';
import { notify } from '@/lib/notify';
import { backOfficeCatalogueText } from '@/messages/back-office-catalogue';
import { OfflineWriteMessage, useWriteGuard } from '../offline-write-guard';
import { ResponsiveList, type ListColumn } from '../responsive-list';
import { previewProductImport, useApplyProductImport } from '../../lib/products/product-csv-api';

type Row = ProductImportRow & { key: string };

const OUTCOME_STYLE: Record<ProductImportRow['outcome'], string> = {
  create: 'bg-emerald-50 text-emerald-900',
  change: 'bg-sky-50 text-sky-900',
  refuse: 'bg-red-50 text-red-800',
};

/**
 * Imports a products CSV: choosing the file previews it (what would be created, changed and refused, line by line, and
 * why), and Apply writes it as previewed. Loaded only when the owner opens it.
 */
export function ProductImportPanel({ onClose }: { onClose: () => void }) {
  const text = useMessages(backOfficeCatalogueText);
  const apiMessage = useApiMessage();
  const validationMessage = useValidationMessage();
  const fileId = useId();
  const helpId = useId();
  const { guard, refused } = useWriteGuard();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ProductImportPreview | null>(null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string>();
  const applying = useApplyProductImport();

  const failure = (caught: unknown, fallback: string) =>
    apiMessage(caught, caught instanceof ApiError ? (validationMessage(caught.message) ?? fallback) : fallback);
  const reasonText = (reason: NonNullable<ProductImportRow['reason']>) =>
    reason.code
      ? apiMessage(new ApiError(reason.message, 400, undefined, true, reason.code, reason.values), reason.message)
      : (validationMessage(reason.message) ?? reason.message);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setError(undefined);
    if (!chosen) return;
    setChecking(true);
    previewProductImport(chosen)
      .then(setPreview)
      .catch((caught: unknown) => setError(failure(caught, text.previewFailed)))
      .finally(() => setChecking(false));
  };

  const apply = () => {
    if (!file || !preview) return;
    guard(() =>
      applying.mutate(
        { file, preview: preview.preview },
        {
          onSuccess: (result) => {
            notify.success(text.imported(result.created, result.changed));
            onClose();
          },
          onError: (caught) => setError(failure(caught, text.importFailed)),
        },
      ),
    );
  };

  const outcomeLabel = {
    create: text.outcomeCreate,
    change: text.outcomeChange,
    refuse: text.outcomeRefuse,
  };
  const columns: ListColumn<Row>[] = [
    {
      key: 'product',
      header: text.importProduct,
      primary: true,
      cell: (row) => row.productName || '—',
    },
    {
      key: 'line',
      header: text.importLine,
      cell: (row) => row.lines.join(', '),
    },
    {
      key: 'outcome',
      header: text.importOutcome,
      cell: (row) => <span className={`rounded px-2 py-0.5 text-sm font-medium ${OUTCOME_STYLE[row.outcome]}`}>{outcomeLabel[row.outcome]}</span>,
    },
    {
      key: 'details',
      header: text.importDetails,
      cell: (row) =>
        row.reason ? (
          reasonText(row.reason)
        ) : row.changes.length > 0 ? (
          <ul className="flex flex-col gap-1 break-words">
            {row.changes.map((change) => (
              <li key={change.field}>{text.changeText(change.field, change.before, change.after)}</li>
            ))}
          </ul>
        ) : null,
    },
  ];
  const rows: Row[] = (preview?.rows ?? []).map((row, index) => ({
    ...row,
    key: `${index}`,
  }));
  const writes = preview ? preview.created + preview.changed : 0;

  return (
    <section aria-labelledby={`${fileId}-title`} className="flex flex-col gap-3 rounded-lg border border-gray-300 bg-white p-4">
      <h2 id={`${fileId}-title`} className="text-lg font-semibold">
        {text.importTitle}
      </h2>
      <p id={helpId} className="text-sm text-gray-700">
        {text.importHelp}
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor={fileId} className="font-medium">
          {text.csvFile}
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={helpId}
          className="min-h-11 max-w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-gray-400 file:bg-white file:px-3"
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
        />
      </div>
      {checking && <p role="status">{text.previewing}</p>}
      {error && <Alert>{error}</Alert>}
      <OfflineWriteMessage message={refused} />
      {preview && (
        <>
          <p role="status" className="font-medium">
            {text.importSummary(preview.created, preview.changed, preview.unchanged, preview.refused)}
          </p>
          {rows.length > 0 ? (
            <ResponsiveList items={rows} columns={columns} itemKey={(row) => row.key} label={text.importRows} empty={text.nothingToImport} />
          ) : (
            <p>{text.nothingToImport}</p>
          )}
        </>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" busy={applying.isPending} disabled={!preview || writes === 0} onClick={apply}>
          {applying.isPending ? text.applying : text.applyImport}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {text.closeImport}
        </Button>
      </div>
    </section>
  );
}
