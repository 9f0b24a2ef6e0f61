import { brand } from '@/content/brand';

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white px-4 py-10 text-center text-sm text-slate-600">
      <p className="font-semibold text-ink">{brand.name}</p>
      <p className="mt-2">{brand.footer.note}</p>
      <p className="mt-2">
        © {brand.name}. {brand.footer.rights}
      </p>
    </footer>
  );
}
