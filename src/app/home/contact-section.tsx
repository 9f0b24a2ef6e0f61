import { SectionHeading } from '@/components/section-heading';
import { contactSection } from '@/content/contact';
import { ContactForm } from '@/features/contact/contact-form';

export const CONTACT_SECTION_ID = 'contact';

export function ContactSection() {
  return (
    <section
      id={CONTACT_SECTION_ID}
      aria-labelledby="contact-heading"
      className="bg-slate-50 px-4 py-16 sm:py-20"
    >
      <SectionHeading id="contact-heading" intro={contactSection.intro} focusable>
        {contactSection.heading}
      </SectionHeading>
      <div className="mx-auto mt-10 max-w-xl">
        <ContactForm />
      </div>
    </section>
  );
}
