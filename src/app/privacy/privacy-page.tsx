import { seo } from '@/content/seo';
import { defineIsland, ServedHtml } from '@/components/served-html';
import { PageShell } from '../layout/page-shell';
import { useDocumentMeta } from '../seo/use-document-meta';

/** Loaded only for a visitor who arrives from another page. */
export const privacyStory = defineIsland('privacy-story', () =>
  import('./privacy-story').then((m) => m.PrivacyStory),
);

export function PrivacyPage() {
  useDocumentMeta(seo.privacy);
  return (
    <PageShell>
      <ServedHtml island={privacyStory} />
    </PageShell>
  );
}
