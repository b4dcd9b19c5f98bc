import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '@/components/use-document-title';

export const Route = createFileRoute('/_main/')({
  component: HomeRoute,
});

function HomeRoute() {
  useDocumentTitle();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold text-gray-900">Welcome to haat</h1>
    </div>
  );
}
