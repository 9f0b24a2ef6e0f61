import { brand } from '@/content/brand';

/** Stands in for a part whose chunk could not be fetched, while the rest of the page works. */
export function PartUnavailable() {
  return (
    <p role="status" className="px-4 py-10 text-center text-slate-700">
      {brand.partUnavailable.message}{' '}
      <a href={window.location.href} className="font-semibold text-brand-700 underline">
        {brand.partUnavailable.action}
      </a>
    </p>
  );
}
