import { useEffect } from 'react';
import type { PageSeo } from '@/content/seo';

function setMeta(selector: string, content: string) {
  document.head.querySelector(selector)?.setAttribute('content', content);
}

/** The prerendered HTML carries the full head for the first load; this follows client-side navigations. */
export function useDocumentMeta(page: PageSeo): void {
  useEffect(() => {
    document.title = page.title;
    setMeta('meta[name="description"]', page.description);
    setMeta('meta[property="og:title"]', page.title);
    setMeta('meta[property="og:description"]', page.description);
    const canonical = document.head.querySelector('link[rel="canonical"]');
    if (canonical) {
      const href = new URL(page.path, canonical.getAttribute('href') ?? window.location.origin)
        .href;
      canonical.setAttribute('href', href);
      setMeta('meta[property="og:url"]', href);
    }
  }, [page]);
}
