import { PageSection } from '@/components/page-section';
import { contactSection } from '@/content/contact';
import { ContactForm } from '@/features/contact/contact-form';

export const CONTACT_SECTION_ID = 'contact';

export function ContactSection() {
  return (
    <PageSection
      id={CONTACT_SECTION_ID}
      headingId="contact-heading"
      copy={contactSection}
      tinted
      focusable
    >
      <div className="mx-auto mt-10 max-w-xl">
        <ContactForm />
      </div>
    </PageSection>
  );
}
