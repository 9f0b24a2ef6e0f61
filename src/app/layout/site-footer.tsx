import { brand } from '@/content/brand';
import { Link } from '@/lib/router';

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white px-4 py-10 text-center text-sm text-slate-600">
      <p className="font-semibold text-ink">{brand.name}</p>
      <p className="mt-2">{brand.footer.note}</p>
      <p className="mt-2">
        © {brand.name}. {brand.footer.rights}
      </p>
      <p className="mt-2">
        <Link
          to="/privacy"
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
        >
          {brand.footer.privacy}
        </Link>
      </p>
    </footer>
  );
}
