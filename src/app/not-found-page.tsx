import { Link } from '@/lib/router';
import { notFound } from '@/content/not-found';
import { seo } from '@/content/seo';
import { buttonVariants } from '@/components/ui/button';
import { PageShell } from './layout/page-shell';
import { useDocumentMeta } from './seo/use-document-meta';

export function NotFoundPage() {
  useDocumentMeta(seo.notFound);
  return (
    <PageShell>
      <section aria-labelledby="not-found-heading" className="px-4 py-24 text-center">
        <p className="text-sm font-semibold text-brand-700">404</p>
        <h1 id="not-found-heading" className="mt-2 text-4xl font-extrabold tracking-tight">
          {notFound.heading}
        </h1>
        <p className="mt-4 text-lg text-slate-700">{notFound.body}</p>
        <Link to="/" className={buttonVariants({ className: 'mt-8' })}>
          {notFound.home}
        </Link>
      </section>
    </PageShell>
  );
}
