import { contactSection } from '@/content/contact';

export function ContactForm() {
  return <p className="text-center text-slate-700">{contactSection.requiredNote}</p>;
}
